import type { Route } from "./+types/robots.txt";
import { runtimeContext } from "~/modules/platform/context";
import { DISALLOWED_PREFIXES } from "~/modules/seo/public-routes";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).config.publicUrl.origin;
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
