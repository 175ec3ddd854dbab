import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/post-preview";
import { previewSchema } from "~/modules/content/post.schema";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";

/**
 * The editor's live preview: Markdown posted in, the HTML the public post page would show
 * out, by the same renderer (docs/REQUIREMENTS.md R10.2). Staff only (the layout's guard).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context);
  const submission = parseWithZod(await request.formData(), { schema: previewSchema });
  if (submission.status !== "success") {
    return Response.json({ error: "Nothing to preview." }, { status: 400 });
  }
  const { config } = context.get(runtimeContext);
  const html = renderMarkdown(submission.value.markdown, { siteOrigin: config.publicUrl.origin });
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
