/**
 * The one permission table of the staff area: which role may open which part. The guard
 * (every loader and action under /admin) decides by the route React Router matched, never
 * by the path string (which may arrive in any case or percent-encoded); the navigation
 * reads the same table.
 */

export const STAFF_ROLES = ["admin", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);

export type AdminArea =
  | "dashboard"
  | "analytics"
  | "leads"
  | "affiliates"
  | "payments"
  | "giveaways"
  | "posts"
  | "authors"
  | "categories"
  | "reviews"
  | "redirects"
  | "visualizer"
  | "notFound"
  | "qrCodes"
  | "qrAnalytics"
  | "settings"
  | "staff"
  | "mail"
  | "audit"
  | "account";

export interface AdminAreaRule {
  area: AdminArea;
  /** Where the navigation links to. */
  path: string;
  /** The route patterns (as in app/routes.ts) that belong to this area. */
  routes: readonly string[];
  label: string;
  /** Roles allowed besides admin (admin passes everything). */
  roles: readonly StaffRole[];
  /** Listed in the navigation (My account is reached from the member's menu instead). */
  inNavigation: boolean;
  group: "overview" | "content" | "business" | "system";
}

const EVERY_STAFF = ["admin", "editor"] as const;
const ADMIN_ONLY = ["admin"] as const;

/**
 * In navigation order. An area is listed once its screens exist (it has routes); content
 * areas are open to editors.
 */
export const ADMIN_AREAS: readonly AdminAreaRule[] = [
  {
    area: "dashboard",
    path: "/admin/dashboard",
    routes: ["admin/dashboard"],
    label: "Dashboard",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "overview",
  },
  {
    // First-party analytics (docs/REQUIREMENTS.md R14.5): visits, sources and closed-loop
    // revenue, for admins alone like the leads they are built on.
    area: "analytics",
    path: "/admin/analytics",
    routes: ["admin/analytics", "admin/analytics/export.csv"],
    label: "Analytics",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "overview",
  },
  {
    area: "leads",
    path: "/admin/leads",
    routes: ["admin/leads", "admin/leads/export", "admin/leads/spam", "admin/leads/:leadId"],
    label: "Leads",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "business",
  },
  {
    area: "affiliates",
    path: "/admin/affiliates",
    routes: [
      "admin/affiliates",
      "admin/affiliates/statements.csv",
      "admin/affiliates/:affiliateId",
    ],
    label: "Affiliates",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "business",
  },
  {
    // Payouts to affiliates (docs/REQUIREMENTS.md D8): the list and recording one.
    area: "payments",
    path: "/admin/payments",
    routes: ["admin/payments", "admin/payments/new"],
    label: "Payouts",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "business",
  },
  {
    // The giveaway (docs/REQUIREMENTS.md R15.2): its entries are personal data, and the
    // draw is the company's promise, so admins alone run it.
    area: "giveaways",
    path: "/admin/giveaways",
    routes: [
      "admin/giveaways",
      "admin/giveaways/new",
      "admin/giveaways/:giveawayId",
      "admin/giveaways/:giveawayId/entries.csv",
    ],
    label: "Giveaways",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "business",
  },
  {
    area: "posts",
    path: "/admin/posts",
    routes: ["admin/posts", "admin/posts/new", "admin/posts/:postId/edit", "admin/posts/preview"],
    label: "Posts",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "authors",
    path: "/admin/authors",
    routes: ["admin/authors"],
    label: "Authors",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "categories",
    path: "/admin/categories",
    routes: ["admin/categories"],
    label: "Categories",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "reviews",
    path: "/admin/reviews",
    routes: ["admin/reviews"],
    label: "Reviews",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "redirects",
    path: "/admin/redirects",
    routes: ["admin/redirects", "admin/redirects/export"],
    label: "Redirects",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    // The bathroom visualizer's catalogue (docs/REQUIREMENTS.md R15.5).
    area: "visualizer",
    path: "/admin/visualizer",
    routes: ["admin/visualizer"],
    label: "Visualizer",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "notFound",
    path: "/admin/not-found",
    routes: ["admin/not-found"],
    label: "404 log",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    // Tracked QR codes for print (docs/REQUIREMENTS.md R15.3): the list, form, files and
    // print sheet.
    area: "qrCodes",
    path: "/admin/qr-codes",
    routes: [
      "admin/qr-codes",
      "admin/qr-codes/:qrCodeId/download",
      "admin/qr-codes/:qrCodeId/print",
    ],
    label: "QR codes",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    // Their scans and leads (R15.4), at an address of its own but behind the same guard.
    area: "qrAnalytics",
    path: "/qr-analytics",
    routes: ["qr-analytics"],
    label: "QR analytics",
    roles: EVERY_STAFF,
    inNavigation: true,
    group: "content",
  },
  {
    area: "settings",
    path: "/admin/settings",
    routes: ["admin/settings"],
    label: "Settings",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "system",
  },
  {
    area: "staff",
    path: "/admin/staff",
    routes: ["admin/staff"],
    label: "Staff",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "system",
  },
  {
    area: "mail",
    path: "/admin/mail",
    routes: ["admin/mail"],
    label: "Mail log",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "system",
  },
  {
    area: "audit",
    path: "/admin/audit",
    routes: ["admin/audit"],
    label: "Audit log",
    roles: ADMIN_ONLY,
    inNavigation: true,
    group: "system",
  },
  // Every signed-in member manages their own sign-in (password, authenticator).
  {
    area: "account",
    path: "/admin/account",
    routes: ["admin/account"],
    label: "My account",
    roles: EVERY_STAFF,
    inNavigation: false,
    group: "system",
  },
];

/**
 * The rule for the route React Router matched (middleware's `pattern`, e.g.
 * "/admin/leads/:leadId"). A guarded route without a rule gets none, and is refused.
 */
export function ruleForRoute(pattern: string): AdminAreaRule | undefined {
  const route = pattern.replace(/^\/+/, "");
  return ADMIN_AREAS.find((rule) => rule.routes.includes(route));
}

/**
 * The area a canonical path under /admin belongs to (longest matching prefix), if any.
 * For links and tests only: the guard decides by the matched route (ruleForRoute).
 */
export function areaForPath(pathname: string): AdminAreaRule | undefined {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return [...ADMIN_AREAS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((rule) => path === rule.path || path.startsWith(`${rule.path}/`));
}

export function canOpen(role: StaffRole, area: AdminAreaRule | AdminArea): boolean {
  const rule = typeof area === "string" ? ADMIN_AREAS.find((r) => r.area === area) : area;
  if (!rule) return false;
  return role === "admin" || rule.roles.includes(role);
}

/** What the navigation shows a role. */
export const navigationFor = (role: StaffRole): AdminAreaRule[] =>
  ADMIN_AREAS.filter((rule) => rule.inNavigation && canOpen(role, rule));
