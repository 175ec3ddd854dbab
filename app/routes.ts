import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/_seo/sitemap.xml.ts"),
  route("robots.txt", "routes/_seo/robots.txt.ts"),
  route("rss.xml", "routes/_seo/rss.xml.ts"),
  // Uploaded images, outside both layouts: bytes only, for staff and visitors alike.
  route("media/:imageId/:file", "routes/media.ts"),

  route("admin", "routes/admin/index.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/two-factor", "routes/admin/two-factor.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/set-password", "routes/admin/set-password.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/export", "routes/admin/leads-export.ts"),
    route("admin/leads/spam", "routes/admin/spam.tsx"),
    route("admin/leads/:leadId", "routes/admin/lead.tsx"),
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
    route("admin/not-found", "routes/admin/not-found-log.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
  ]),

  layout("routes/affiliate/layout.tsx", [
    route("affiliate/dashboard", "routes/affiliate/dashboard.tsx"),
    route("affiliate/links", "routes/affiliate/links.tsx"),
    route("affiliate/links/qr", "routes/affiliate/links-qr.ts"),
    route("affiliate/leads", "routes/affiliate/leads.tsx"),
  ]),

  layout("routes/_site/layout.tsx", [
    layout("routes/_site/route-boundary.tsx", [
      index("routes/_site/home.tsx"),
      route("bathrooms", "routes/_site/bathrooms.tsx"),
      route("commercial-jobs", "routes/_site/commercial-jobs.tsx"),
      route("about-us", "routes/_site/about-us.tsx"),
      route("reviews", "routes/_site/reviews.tsx"),
      route("tv", "routes/_site/tv.tsx"),
      route("thank-you", "routes/_site/thank-you.tsx"),
      route("retargeting", "routes/_site/retargeting.tsx"),
      route("privacy-policy", "routes/_site/privacy-policy.tsx"),
      route("terms", "routes/_site/terms.tsx"),
      route("blog", "routes/_site/blog.tsx"),
      route("blog/category/:slug", "routes/_site/blog-category.tsx"),
      route("blog/author/:slug", "routes/_site/blog-author.tsx"),
      route("blog/:slug", "routes/_site/blog-post.tsx"),
      route("api/leads", "routes/api/leads.tsx"),
      route("*", "routes/_site/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
