import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("sitemap.xml", "routes/_seo/sitemap.xml.ts"),
  route("robots.txt", "routes/_seo/robots.txt.ts"),

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
      route("api/leads", "routes/api/leads.tsx"),
      route("*", "routes/_site/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
