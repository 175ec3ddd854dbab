import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { nonceContext, requestIdContext, runtimeContext } from "./context";
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
 * and no caching of the staff area (decided by the matched route, whatever the spelling).
 */
export const platformMiddleware: MiddlewareFunction<Response> = async (
  { context, pattern },
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
    const headers = securityHeaders({
      nonce,
      https: runtime.config.publicUrl.protocol === "https:",
      development: runtime.config.nodeEnv === "development",
    });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  }
  return response;
};
