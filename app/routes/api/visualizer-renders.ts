import { randomUUID } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import { redirect } from "react-router";
import type { Route } from "./+types/visualizer-renders";
import { clientIp } from "~/modules/platform/client-ip.server";
import { runtimeContext, socketAddressContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { isUuid } from "~/modules/platform/patterns";
import { designKeys, designQuery, VISUALIZER_PATH } from "~/modules/visualizer/design";
import {
  RENDER_MESSAGES,
  RENDER_VISITOR_COOKIE,
  startRender,
} from "~/modules/visualizer/renders.server";

/**
 * POST /api/visualizer/renders: a photo to redraw in the design sent with it
 * (docs/REQUIREMENTS.md R15.5). The page's script gets JSON (202 with the render's id);
 * a form posted without JavaScript goes back to the page, which shows the render.
 */

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

const VISITOR_COOKIE_DAYS = 30;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const answer = (status: number, body: { id?: string; error?: string }, headers?: Headers) =>
    Response.json(body, {
      status,
      headers: { "Cache-Control": "no-store", ...Object.fromEntries(headers ?? []) },
    });
  if (!runtime.config.visualizerProvider) {
    return answer(503, { error: RENDER_MESSAGES.unavailable });
  }

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const photo = form.get("photo");
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const design = designKeys(fields);

  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const known = cookies[RENDER_VISITOR_COOKIE];
  const visitorKey = isUuid(known) ? known : randomUUID();
  const headers = new Headers();
  if (visitorKey !== known) {
    headers.append(
      "Set-Cookie",
      stringifySetCookie(RENDER_VISITOR_COOKIE, visitorKey, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: runtime.config.publicUrl.protocol === "https:",
        maxAge: VISITOR_COOKIE_DAYS * 24 * 60 * 60,
      }),
    );
  }

  const outcome = await startRender(
    { database: runtime.database, boss: runtime.jobs.boss },
    {
      visitorKey,
      ip: clientIp(request, context.get(socketAddressContext), runtime.config.trustProxy),
      design,
      photo: photo instanceof File ? photo : undefined,
    },
  );
  if (wantsJson) {
    return outcome.ok
      ? answer(202, { id: outcome.renderId }, headers)
      : answer(outcome.status, { error: outcome.error }, headers);
  }
  const query = new URLSearchParams(designQuery(design));
  if (outcome.ok) query.set("render", outcome.renderId);
  else query.set("photoError", outcome.error);
  return redirect(`${VISUALIZER_PATH}?${query}#photo`, { status: 303, headers });
}
