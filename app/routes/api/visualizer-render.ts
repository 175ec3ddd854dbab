import { parseCookie } from "cookie";
import type { Route } from "./+types/visualizer-render";
import { runtimeContext } from "~/modules/platform/context";
import { renderStatus, RENDER_VISITOR_COOKIE } from "~/modules/visualizer/renders.server";

/**
 * GET /api/visualizer/renders/:renderId: a render's progress as JSON, polled by the page
 * (docs/REQUIREMENTS.md R15.5); only the browser that asked for it may read it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const visitorKey = parseCookie(request.headers.get("cookie") ?? "")[RENDER_VISITOR_COOKIE];
  const status = await renderStatus(db, params.renderId, visitorKey);
  const headers = { "Cache-Control": "no-store" };
  return status
    ? Response.json(status, { headers })
    : Response.json({ error: "No such render." }, { status: 404, headers });
}
