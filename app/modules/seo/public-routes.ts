/**
 * The public pages search engines should know: sitemap.xml is built from this list.
 * A page that should not be indexed (thank-you, retargeting) is left out.
 */
export interface PublicRoute {
  path: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: "/", changefreq: "weekly", priority: 1.0 },
  { path: "/bathrooms", changefreq: "monthly", priority: 0.9 },
  { path: "/commercial-jobs", changefreq: "monthly", priority: 0.8 },
  { path: "/reviews", changefreq: "weekly", priority: 0.8 },
  { path: "/leave-review", changefreq: "yearly", priority: 0.5 },
  { path: "/about-us", changefreq: "monthly", priority: 0.7 },
  { path: "/visualizer", changefreq: "monthly", priority: 0.7 },
  { path: "/tv", changefreq: "monthly", priority: 0.5 },
  { path: "/qr-generator", changefreq: "yearly", priority: 0.4 },
  // The giveaway and its official rules (docs/REQUIREMENTS.md R15.2).
  { path: "/giveaway", changefreq: "weekly", priority: 0.6 },
  { path: "/giveaway/rules", changefreq: "monthly", priority: 0.3 },
  { path: "/privacy-policy", changefreq: "yearly", priority: 0.3 },
  { path: "/terms", changefreq: "yearly", priority: 0.3 },
];

/**
 * Blog pages of the demo content, visited by the page, accessibility and HTML tests and the
 * page audit. sitemap.xml lists the blog from the database (docs/REQUIREMENTS.md R11.6).
 */
export const BLOG_SAMPLE_PAGES: string[] = [
  "/blog",
  "/blog/curbless-shower-in-an-older-cape",
  "/blog/category/accessibility",
  "/blog/author/maya-lindqvist",
];

/** Areas that are not for search engines. */
export const DISALLOWED_PREFIXES = ["/admin", "/affiliate", "/api", "/thank-you", "/retargeting"];

/** Every public page, indexed or not: what the page, accessibility and HTML tests visit. */
export const ALL_PUBLIC_PAGES: string[] = [
  ...PUBLIC_ROUTES.map((route) => route.path),
  ...BLOG_SAMPLE_PAGES,
  "/thank-you",
  "/retargeting",
];
