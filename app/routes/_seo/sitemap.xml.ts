import type { Route } from "./+types/sitemap.xml";
import { blogSitemapEntries } from "~/modules/content/blog.server";
import { escapeXml } from "~/modules/content/rss";
import { runtimeContext } from "~/modules/platform/context";
import { PUBLIC_ROUTES } from "~/modules/seo/public-routes";

/** The fixed pages, then the blog: published posts and their categories and authors. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const origin = config.publicUrl.origin;
  const blog = await blogSitemapEntries(db);
  const urls = [
    ...PUBLIC_ROUTES.map(
      (route) =>
        `  <url>\n    <loc>${origin}${route.path}</loc>\n    <changefreq>${route.changefreq}</changefreq>\n    <priority>${route.priority.toFixed(1)}</priority>\n  </url>`,
    ),
    ...blog.map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(`${origin}${entry.path}`)}</loc>\n${entry.lastmod ? `    <lastmod>${entry.lastmod.toISOString()}</lastmod>\n` : ""}    <changefreq>weekly</changefreq>\n    <priority>${entry.path === "/blog" ? "0.7" : "0.6"}</priority>\n  </url>`,
    ),
  ].join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
