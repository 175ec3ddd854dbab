import type { MiddlewareFunction } from "react-router";
import { requestIdContext, runtimeContext } from "~/modules/platform/context";
import { isExternalTarget, isUnredirectedPath } from "./redirect-rules";
import { redirectEngine } from "./redirect-engine.server";

/** docs/REQUIREMENTS.md R9.4: a navigation inside the browser follows after 100 ms. */
export const CLIENT_REDIRECT_DELAY_MS = 100;

/** Browsers and proxies may keep an answer this long; staff can change a rule any time. */
const REDIRECT_CACHE = "public, max-age=300";

const GONE_PAGE = `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page removed</title>
</head>
<body>
<main>
<h1>This page was removed</h1>
<p>The page you were looking for is no longer on our site.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies the redirect rules before any page renders (docs/REQUIREMENTS.md R4.8, R12.3):
 * GET and HEAD outside /admin, /affiliate and /api. A client-side navigation asks for
 * `<path>.data`; React Router turns the redirect answered here into one the browser
 * follows, after 100 ms: a full page load for an http(s) target or a 410, a navigation
 * in the app otherwise (decision 010).
 */
export const redirectMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  const isData = url.pathname.endsWith(".data");
  let pathname = isData ? url.pathname.slice(0, -".data".length) : url.pathname;
  if (isData && pathname === "/_root") pathname = "/";
  if (isUnredirectedPath(pathname)) return next();

  const { db, logger } = context.get(runtimeContext);
  const onError = (err: unknown) =>
    logger.error({ err, reqId: context.get(requestIdContext) }, "redirect rules failed");
  const engine = redirectEngine(db, onError);
  const query = new URLSearchParams(url.search);
  if (isData) query.delete("_routes");
  const search = query.size > 0 ? `?${query}` : "";

  let answer;
  try {
    answer = await engine.answer(pathname, search);
  } catch (err) {
    // Without the rules the page itself is still better than an error.
    onError(err);
    return next();
  }
  if (!answer) return next();

  if (answer.type === 410) {
    if (isData) {
      // The browser loads the page in full, and that request is the one counted.
      await wait(CLIENT_REDIRECT_DELAY_MS);
      return new Response(null, {
        status: 302,
        headers: { Location: pathname + search, "X-Remix-Reload-Document": "true" },
      });
    }
    engine.hit(answer.ruleId);
    return new Response(request.method === "HEAD" ? null : GONE_PAGE, {
      status: 410,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": REDIRECT_CACHE },
    });
  }

  engine.hit(answer.ruleId);
  const external = isExternalTarget(answer.location);
  // Serialised by the URL parser: ASCII only, no line breaks, and a local target stays
  // on this site whatever it is written like.
  const target = new URL(answer.location, url);
  const location = external ? target.href : `${target.pathname}${target.search}${target.hash}`;
  if (!isData) {
    return new Response(null, {
      status: answer.type,
      headers: { Location: location, "Cache-Control": REDIRECT_CACHE },
    });
  }
  await wait(CLIENT_REDIRECT_DELAY_MS);
  // The old path never became a history entry, so the new one takes its place.
  const headers = new Headers({ Location: location });
  if (external) headers.set("X-Remix-Reload-Document", "true");
  return new Response(null, { status: answer.type, headers });
};
