import type { Route } from "./+types/post-preview";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";

/** The longest body the editor sends (the post schema's limit). */
const MAX_MARKDOWN = 100_000;

/**
 * The editor's live preview: Markdown posted in, the HTML the public post page would show
 * out, by the same renderer (docs/REQUIREMENTS.md R10.2). Staff only (the layout's guard).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context);
  const form = await request.formData();
  const markdown = form.get("markdown");
  if (typeof markdown !== "string" || markdown.length > MAX_MARKDOWN) {
    return Response.json({ error: "Nothing to preview." }, { status: 400 });
  }
  const { config } = context.get(runtimeContext);
  const html = renderMarkdown(markdown, { siteOrigin: config.publicUrl.origin });
  return Response.json({ html }, { headers: { "Cache-Control": "no-store" } });
}

/** Only posted Markdown is previewed. */
export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return Response.json(
    { error: "Send the Markdown to preview with POST." },
    { status: 405, headers: { Allow: "POST" } },
  );
}
