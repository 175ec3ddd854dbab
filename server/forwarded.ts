import { lastListValue } from "~/modules/platform/client-ip.server";
import type { Config } from "~/modules/platform/config.server";

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port. */
const PLAUSIBLE_HOST =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/i;

function plausibleHost(value: string | undefined): string | undefined {
  if (!value || value.length > 260) return undefined;
  const match = PLAUSIBLE_HOST.exec(value);
  if (!match) return undefined;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return URL.canParse(`http://${value}/`) ? value : undefined;
}

/**
 * The request as the visitor addressed it. Behind a TLS-terminating proxy the server is
 * reached at http://host:port, yet the browser's Origin is the public https address, and
 * React Router refuses an action whose Origin differs from the request URL's origin. So:
 * - a request whose Origin is PUBLIC_URL's origin is given that origin (the browser says
 *   where it is, and our own cross-site check already accepts that origin);
 * - otherwise, with trusted proxies, the scheme and host they forward (the nearest proxy's
 *   value; only http/https and plausible hosts) replace the connection's own.
 * The body stream, method, headers and signal are carried over unchanged.
 */
export function withForwardedOrigin(
  request: Request,
  config: Pick<Config, "trustProxy" | "publicUrl">,
): Request {
  const url = new URL(request.url);
  const target = visitorUrl(url, (name) => request.headers.get(name) ?? undefined, config);
  if (target.origin === url.origin) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(target, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    // The body stays a stream (nothing is read here); a streamed body must say so.
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * `url` (the address the server was reached at) with the visitor's scheme and host, by the
 * rules of `withForwardedOrigin`; `header` reads the request's headers by name.
 */
export function visitorUrl(
  url: URL,
  header: (name: string) => string | undefined,
  config: Pick<Config, "trustProxy" | "publicUrl">,
): URL {
  let protocol = url.protocol;
  let host = url.host;
  if (header("origin") === config.publicUrl.origin) {
    protocol = config.publicUrl.protocol;
    host = config.publicUrl.host;
  } else if (config.trustProxy > 0) {
    const proto = lastListValue(header("x-forwarded-proto"))?.toLowerCase();
    if (proto === "http" || proto === "https") protocol = `${proto}:`;
    host = plausibleHost(lastListValue(header("x-forwarded-host"))) ?? host;
  } else {
    return url;
  }
  // Built from text: assigning URL.host keeps the old port when the new host has none.
  return new URL(`${protocol}//${host}${url.pathname}${url.search}`);
}
