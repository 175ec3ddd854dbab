import { randomBytes } from "node:crypto";

export const createNonce = (): string => randomBytes(16).toString("base64");

/** Features no page of ours uses; denied so an injected script cannot use them either. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Which scripts may run. A production page is the same bytes for every visitor (so the page
 * cache can share it): its inline scripts are allowed by their hashes and its modules by
 * coming from this origin ('strict-dynamic' would not pass a hash's trust on to the
 * modules those scripts import; every answer is sent with nosniff, so only our JavaScript
 * runs as a script). Other HTML answers (the development server's streamed pages) use
 * this request's nonce, and what those scripts load, through 'strict-dynamic'.
 */
export type ScriptPolicy = { hashes: readonly string[] } | { nonce: string };

function scriptSources(scripts: ScriptPolicy): string {
  if ("nonce" in scripts) return `'nonce-${scripts.nonce}' 'strict-dynamic'`;
  return ["'self'", ...scripts.hashes.map((hash) => `'${hash}'`)].join(" ");
}

/**
 * Headers for every HTML response. Scripts run only as the policy allows; the page cannot
 * be framed.
 */
export function securityHeaders(options: {
  scripts: ScriptPolicy;
  https: boolean;
  development: boolean;
}): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSources(options.scripts)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The development server's hot reload talks over a WebSocket.
    options.development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  if (options.https) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}
