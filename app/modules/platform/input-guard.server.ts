import { data, type MiddlewareFunction } from "react-router";
import { EVENTS_ENDPOINT } from "~/modules/analytics/event-catalogue";
import { isAcceptableText } from "./text";

/** Shown (or sent as JSON) when a request carries text no person could have typed. */
export const BAD_CHARACTERS_MESSAGE =
  "The request contains characters that are not allowed (such as a NUL character). Please remove them and try again.";

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

function allAcceptable(values: Iterable<string>): boolean {
  for (const value of values) if (!isAcceptableText(value)) return false;
  return true;
}

function* jsonStrings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* jsonStrings(item);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* jsonStrings(item);
    }
  }
}

function urlIsAcceptable(url: URL): boolean {
  let pathOk = true;
  try {
    pathOk = isAcceptableText(decodeURIComponent(url.pathname));
  } catch {
    // Not decodable: the router answers it as an unknown page.
  }
  return pathOk && allAcceptable([...url.searchParams].flat());
}

/**
 * Routes that read, decode (gzip) and check every string of their body themselves: the
 * analytics endpoint (app/modules/analytics/ingest.server.ts), whose batches arrive by the
 * hundred a second and would otherwise be read and parsed twice. Elsewhere a body is
 * checked here, a compressed one as it arrived.
 */
const CHECKS_ITS_OWN_BODY = new Set([EVENTS_ENDPOINT]);

async function bodyIsAcceptable(request: Request): Promise<boolean> {
  if (BODYLESS.has(request.method) || !request.body) return true;
  const path = new URL(request.url).pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (CHECKS_ITS_OWN_BODY.has(path)) return true;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  const copy = request.clone();
  try {
    if (type.startsWith("multipart/form-data")) {
      const form = await copy.formData();
      const texts: string[] = [];
      for (const [name, value] of form) {
        texts.push(name, typeof value === "string" ? value : value.name);
      }
      return allAcceptable(texts);
    }
    const text = await copy.text();
    if (type.startsWith("application/x-www-form-urlencoded")) {
      return allAcceptable([...new URLSearchParams(text)].flat());
    }
    if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
      try {
        return allAcceptable(jsonStrings(JSON.parse(text)));
      } catch {
        return true; // Not JSON: the route answers that itself.
      }
    }
    return !text.includes("\u0000");
  } catch {
    return true; // An unreadable body is the route's to refuse.
  }
}

const wantsJson = (request: Request, url: URL) =>
  !url.pathname.endsWith(".data") &&
  (/^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get("content-type") ?? "") ||
    /^application\/json\b/i.test(request.headers.get("accept") ?? ""));

export const inputGuardMiddleware: MiddlewareFunction<Response> = async ({ request }, next) =>
  (await refuseUnacceptableText(request)) ?? next();

/**
 * Refuses, with 400 and a clear message, any request whose address or body carries a NUL
 * character or a lone surrogate, before a route sees it: no person types them, the
 * database refuses them, and they would otherwise surface as server errors. JSON callers
 * get JSON; pages and `.data` requests get the error screen.
 */
export async function refuseUnacceptableText(request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (urlIsAcceptable(url) && (await bodyIsAcceptable(request))) return undefined;
  if (wantsJson(request, url)) {
    return Response.json(
      { error: BAD_CHARACTERS_MESSAGE },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  throw data({ reason: "bad_characters", message: BAD_CHARACTERS_MESSAGE }, { status: 400 });
}
