import type { Route } from "./+types/sitemap.xml";
import { runtimeContext } from "~/modules/platform/context";
import { PUBLIC_ROUTES } from "~/modules/seo/public-routes";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).config.publicUrl.origin;
  const urls = PUBLIC_ROUTES.map(
    (route) =>
      `  <url>\n    <loc>${origin}${route.path}</loc>\n    <changefreq>${route.changefreq}</changefreq>\n    <priority>${route.priority.toFixed(1)}</priority>\n  </url>`,
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
