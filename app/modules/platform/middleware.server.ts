import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { nonceContext, requestIdContext, runtimeContext, scriptHashesContext } from "./context";
import { isShareablePage, PAGE_CACHE_MARK } from "./page-cache-policy";
import { formTokenSetCookie, needsFormToken } from "~/modules/leads/form-token-cookie.server";
import { getRuntime } from "./runtime.server";
import { createNonce, securityHeaders } from "./security-headers.server";

/**
 * Routes whose answers (pages and `.data`) must never be kept by a browser or proxy: the
 * staff area, and QR analytics under the same guard (docs/REQUIREMENTS.md R15.4).
 */
const isPrivateRoute = (pattern: string) => /^\/?(admin(\/|$)|qr-analytics$)/.test(pattern);

/**
 * First in every request: the services, the request id (set by the HTTP server, or made
 * here under the development server), the CSP nonce, the security headers of HTML answers,
 * no caching of the staff area (decided by the matched route, whatever the spelling), and
 * the mark on a page every visitor may be served from the page cache.
 */
export const platformMiddleware: MiddlewareFunction<Response> = async (
  { context, pattern, request },
  next,
) => {
  const runtime = await getRuntime();
  context.set(runtimeContext, runtime);
  if (!context.get(requestIdContext)) context.set(requestIdContext, randomUUID());
  const nonce = createNonce();
  context.set(nonceContext, nonce);

  const response = await next();

  if (isPrivateRoute(pattern)) response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Content-Type-Options", "nosniff");

  if (response.headers.get("Content-Type")?.startsWith("text/html")) {
    const hashes = context.get(scriptHashesContext);
    const headers = securityHeaders({
      scripts: hashes ? { hashes } : { nonce },
      https: runtime.config.publicUrl.protocol === "https:",
      development: runtime.config.nodeEnv === "development",
    });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    // Only a whole page rendered without a nonce, made for no one in particular, can be
    // shared; the HTTP layer decides whether this visitor's request may use the cache at all.
    if (
      hashes &&
      response.status === 200 &&
      isShareablePage(pattern) &&
      !response.headers.has("Set-Cookie")
    ) {
      response.headers.set(PAGE_CACHE_MARK, "1");
    }
    // The consultation form's fill-time token, outside the page (the HTTP layer gives it
    // with a shared page the same way).
    if (
      request.method === "GET" &&
      !isPrivateRoute(pattern) &&
      needsFormToken(request.headers.get("cookie"), runtime.config.authSecret)
    ) {
      response.headers.append(
        "Set-Cookie",
        formTokenSetCookie(
          runtime.config.authSecret,
          runtime.config.publicUrl.protocol === "https:",
        ),
      );
    }
  }
  return response;
};
