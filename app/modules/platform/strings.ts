/**
 * User-facing strings of docs/REQUIREMENTS.md, to the letter, in one place.
 * Other copy lives with its page.
 */
export const STRINGS = {
  defaultTitle: "Lumen Bath & Remodel | Luxury Bathroom Remodeling in New England",
  notFound: {
    title: "Page not found",
    action: "Go Home",
  },
  errors: {
    routeTitle: "Something went wrong",
    layoutTitle: "Error Loading Layout",
    layoutMessage: "There was an error loading the page layout.",
    reload: "Reload Page",
  },
  nav: {
    getAQuote: "Get a Quote",
    callUsNow: "Call Us Now",
    financing: "Get Pre-Approved For Financing",
    payments: "Make Payments",
    review: "Leave us a Review",
  },
  footer: {
    privacy: "Privacy Policy",
    terms: "Terms of Service",
  },
} as const;

/** "1 minute" or "N minutes" (docs/REQUIREMENTS.md R8.1), rounding up. */
export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
