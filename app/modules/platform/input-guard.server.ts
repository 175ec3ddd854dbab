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

/**
 * What a page's action (or its `.data` twin) reads is a form, and nothing else: another
 * body, or none on a POST, DELETE or the like, would fail to parse inside the action as a
 * server error. The API's endpoints (under /api/) answer other bodies themselves.
 */
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/;
const readsOnlyForms = (path: string) => !path.startsWith("/api/");

type BodyVerdict = "acceptable" | "bad_characters" | "not_a_form" | "unreadable_form";

async function checkBody(request: Request): Promise<BodyVerdict> {
  if (BODYLESS.has(request.method)) return "acceptable";
  const path = new URL(request.url).pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (readsOnlyForms(path) && !FORM_TYPE.test(type)) return "not_a_form";
  if (!request.body || CHECKS_ITS_OWN_BODY.has(path)) return "acceptable";
  const copy = request.clone();
  const verdict = (acceptable: boolean) => (acceptable ? "acceptable" : "bad_characters");
  try {
    if (type.startsWith("multipart/form-data")) {
      const form = await copy.formData();
      const texts: string[] = [];
      for (const [name, value] of form) {
        texts.push(name, typeof value === "string" ? value : value.name);
      }
      return verdict(allAcceptable(texts));
    }
    const text = await copy.text();
    if (type.startsWith("application/x-www-form-urlencoded")) {
      return verdict(allAcceptable([...new URLSearchParams(text)].flat()));
    }
    if (/^application\/([\w.+-]+\+)?json\b/.test(type)) {
      try {
        return verdict(allAcceptable(jsonStrings(JSON.parse(text))));
      } catch {
        return "acceptable"; // Not JSON: the endpoint answers that itself.
      }
    }
    return verdict(!text.includes("\u0000"));
  } catch {
    // A page's form that cannot be read (a broken multipart body) is refused here; an
    // endpoint refuses an unreadable body itself.
    return readsOnlyForms(path) ? "unreadable_form" : "acceptable";
  }
}

/** Why a page refuses a body that is not a form it can read. */
export const NOT_A_FORM_MESSAGE = "This page only accepts a form sent from its own screen.";

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
  const body = urlIsAcceptable(url) ? await checkBody(request) : "bad_characters";
  if (body === "acceptable") return undefined;
  if (body === "not_a_form" || body === "unreadable_form") {
    const status = body === "not_a_form" ? 415 : 400;
    throw data({ reason: body, message: NOT_A_FORM_MESSAGE }, { status });
  }
  if (wantsJson(request, url)) {
    return Response.json(
      { error: BAD_CHARACTERS_MESSAGE },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  throw data({ reason: "bad_characters", message: BAD_CHARACTERS_MESSAGE }, { status: 400 });
}
