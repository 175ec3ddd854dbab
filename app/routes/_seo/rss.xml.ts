import type { Route } from "./+types/rss.xml";
import { feedItems } from "~/modules/content/blog.server";
import { buildRss } from "~/modules/content/rss";
import { runtimeContext } from "~/modules/platform/context";
import { getCompanySettings } from "~/modules/settings/settings.server";

/** The blog's RSS 2.0 feed (docs/REQUIREMENTS.md R11.5), cached like sitemap.xml. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const [company, items] = await Promise.all([getCompanySettings(db), feedItems(db)]);
  const xml = buildRss(
    {
      title: `${company.name} Blog`,
      description: `Bathroom remodeling advice for New England homeowners from ${company.name}.`,
      origin: config.publicUrl.origin,
      lastBuildDate: items[0]?.publishedAt ?? new Date(),
    },
    items,
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
