import { STRINGS } from "~/modules/platform/strings";

/** The header navigation, in order (docs/REQUIREMENTS.md R2.8). */
export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/bathrooms", label: "Bathrooms" },
  { to: "/commercial-jobs", label: "Commercial" },
  { to: "/reviews", label: "Reviews" },
  { to: "/about-us", label: "About Us" },
] as const;

/**
 * Pages the footer adds to the header's list: the blog (docs/REQUIREMENTS.md R11.7) and the
 * referral programme's application, where past customers and trade partners join (R1.6).
 */
export const FOOTER_NAV = [
  { to: "/blog", label: "Blog" },
  { to: "/affiliate/signup", label: "Referral partners" },
] as const;

export const QUOTE_ANCHOR = { to: "#contact", label: STRINGS.nav.getAQuote } as const;
