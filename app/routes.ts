import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/_seo/sitemap.xml.ts"),
  route("robots.txt", "routes/_seo/robots.txt.ts"),
  route("rss.xml", "routes/_seo/rss.xml.ts"),
  // Uploaded images, outside both layouts: bytes only, for staff and visitors alike.
  route("media/:imageId/:file", "routes/media.ts"),
  // The analytics tracker's batches (docs/REQUIREMENTS.md R7.4): JSON in, 204 out.
  route("api/events", "routes/api/events.ts"),
  // A tracked QR code's scan (docs/REQUIREMENTS.md R15.3): counted, then sent on.
  route("q/:slug", "routes/qr-scan.tsx"),
  // The visualizer's photo redraws (docs/REQUIREMENTS.md R15.5): a photo in, progress out.
  route("api/visualizer/renders", "routes/api/visualizer-renders.ts"),
  route("api/visualizer/renders/:renderId", "routes/api/visualizer-render.ts"),

  route("admin", "routes/admin/index.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/two-factor", "routes/admin/two-factor.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/set-password", "routes/admin/set-password.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/analytics", "routes/admin/analytics.tsx"),
    route("admin/analytics/export.csv", "routes/admin/analytics-export.ts"),
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/export", "routes/admin/leads-export.ts"),
    route("admin/leads/spam", "routes/admin/spam.tsx"),
    route("admin/leads/:leadId", "routes/admin/lead.tsx"),
    route("admin/affiliates", "routes/admin/affiliates.tsx"),
    route("admin/affiliates/statements.csv", "routes/admin/affiliate-statements-csv.ts"),
    route("admin/affiliates/:affiliateId", "routes/admin/affiliate.tsx"),
    route("admin/payments", "routes/admin/payments.tsx"),
    route("admin/payments/new", "routes/admin/payments-new.tsx"),
    // The giveaway (docs/REQUIREMENTS.md R15.2): one screen for a new giveaway and an
    // existing one, with its entries and the draw.
    route("admin/giveaways", "routes/admin/giveaways.tsx"),
    route("admin/giveaways/new", "routes/admin/giveaway.tsx", { id: "admin-giveaway-new" }),
    route("admin/giveaways/:giveawayId", "routes/admin/giveaway.tsx", {
      id: "admin-giveaway-edit",
    }),
    route("admin/giveaways/:giveawayId/entries.csv", "routes/admin/giveaway-entries-csv.ts"),
    route("admin/posts", "routes/admin/posts.tsx"),
    route("admin/posts/preview", "routes/admin/post-preview.ts"),
    // One editor for a new post and an existing one (docs/REQUIREMENTS.md R10.1).
    route("admin/posts/new", "routes/admin/post-edit.tsx", { id: "admin-post-new" }),
    route("admin/posts/:postId/edit", "routes/admin/post-edit.tsx", { id: "admin-post-edit" }),
    route("admin/reviews", "routes/admin/reviews.tsx"),
    route("admin/authors", "routes/admin/authors.tsx"),
    route("admin/categories", "routes/admin/categories.tsx"),
    route("admin/redirects", "routes/admin/redirects.tsx"),
    route("admin/redirects/export", "routes/admin/redirects-export.ts"),
    route("admin/visualizer", "routes/admin/visualizer.tsx"),
    route("admin/not-found", "routes/admin/not-found-log.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    // Tracked QR codes (docs/REQUIREMENTS.md R15.3) and their analytics (R15.4): the
    // analytics keep a short address of their own, behind the same guard.
    route("admin/qr-codes", "routes/admin/qr-codes.tsx"),
    route("admin/qr-codes/:qrCodeId/download", "routes/admin/qr-code-download.ts"),
    route("admin/qr-codes/:qrCodeId/print", "routes/admin/qr-code-print.ts"),
    route("qr-analytics", "routes/admin/qr-analytics.tsx"),
  ]),

  // The partner portal (docs/REQUIREMENTS.md R2.14): public pages, then the guarded ones.
  route("affiliate", "routes/affiliate/index.ts"),
  route("affiliate/login", "routes/affiliate/login.tsx"),
  route("affiliate/login/two-factor", "routes/affiliate/two-factor.tsx"),
  route("affiliate/signup", "routes/affiliate/signup.tsx"),
  route("affiliate/forgot-password", "routes/affiliate/forgot-password.tsx"),
  route("affiliate/reset-password", "routes/affiliate/reset-password.tsx"),
  route("affiliate/logout", "routes/affiliate/logout.ts"),
  layout("routes/affiliate/layout.tsx", [
    route("affiliate/dashboard", "routes/affiliate/dashboard.tsx"),
    route("affiliate/links", "routes/affiliate/links.tsx"),
    route("affiliate/links/qr", "routes/affiliate/links-qr.ts"),
    route("affiliate/leads", "routes/affiliate/leads.tsx"),
    route("affiliate/payouts", "routes/affiliate/payouts.tsx"),
    route("affiliate/statement", "routes/affiliate/statement.tsx"),
    route("affiliate/statement.csv", "routes/affiliate/statement-csv.ts"),
    route("affiliate/profile", "routes/affiliate/profile.tsx"),
  ]),

  layout("routes/_site/layout.tsx", [
    layout("routes/_site/route-boundary.tsx", [
      index("routes/_site/home.tsx"),
      route("bathrooms", "routes/_site/bathrooms.tsx"),
      route("commercial-jobs", "routes/_site/commercial-jobs.tsx"),
      route("about-us", "routes/_site/about-us.tsx"),
      route("reviews", "routes/_site/reviews.tsx"),
      route("leave-review", "routes/_site/leave-review.tsx"),
      route("tv", "routes/_site/tv.tsx"),
      route("qr-generator", "routes/_site/qr-generator.tsx"),
      route("visualizer", "routes/_site/visualizer.tsx"),
      route("thank-you", "routes/_site/thank-you.tsx"),
      route("retargeting", "routes/_site/retargeting.tsx"),
      route("privacy-policy", "routes/_site/privacy-policy.tsx"),
      route("terms", "routes/_site/terms.tsx"),
      route("giveaway", "routes/_site/giveaway.tsx"),
      route("giveaway/rules", "routes/_site/giveaway-rules.tsx"),
      route("blog", "routes/_site/blog.tsx"),
      route("blog/category/:slug", "routes/_site/blog-category.tsx"),
      route("blog/author/:slug", "routes/_site/blog-author.tsx"),
      route("blog/:slug", "routes/_site/blog-post.tsx"),
      route("api/leads", "routes/api/leads.tsx"),
      route("*", "routes/_site/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
