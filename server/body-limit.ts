import type { MiddlewareHandler } from "hono";
import type { IncomingMessage } from "node:http";
import { EVENT_LIMITS, EVENTS_ENDPOINT } from "~/modules/analytics/event-catalogue";

/** Every form and JSON body of the product fits in this. */
export const MAX_BODY_BYTES = 64 * 1024;
/** An image upload (10 MB at most, app/modules/media/upload.schema.ts) with its form around it. */
export const MAX_UPLOAD_BODY_BYTES = 11 * 1024 * 1024;
/**
 * The staff screens whose forms carry an image (docs/REQUIREMENTS.md R9.9): the post
 * editor, the authors screen and the giveaway form. Their actions run behind the staff
 * guard, which refuses anyone signed out before a byte is stored.
 */
const UPLOAD_ROUTES = [
  /^\/admin\/posts\/new$/,
  /^\/admin\/posts\/[^/]+\/edit$/,
  /^\/admin\/authors(\/[^/]+)?$/,
  /^\/admin\/giveaways\/(new|\d+)$/,
];

/** A visitor's bathroom photo (15 MB at most, docs/REQUIREMENTS.md R15.5) with its form. */
export const MAX_PHOTO_BODY_BYTES = 16 * 1024 * 1024;
const PHOTO_ROUTES = [/^\/api\/visualizer\/renders$/];

/** The redirects screen's CSV import (at most 1 MB, docs/REQUIREMENTS.md R12.6) with its form. */
export const MAX_CSV_IMPORT_BODY_BYTES = 1024 * 1024 + 16 * 1024;
const CSV_IMPORT_ROUTES = [/^\/admin\/redirects$/];

/**
 * The largest body a path accepts: more for the image upload screens and the CSV import, matched however the
 * path is spelt (any case, a trailing slash, React Router's `.data` form of the address).
 */
export function maxBodyBytes(path: string): number {
  const route = path
    .toLowerCase()
    .replace(/(\/_)?\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  if (UPLOAD_ROUTES.some((pattern) => pattern.test(route))) return MAX_UPLOAD_BODY_BYTES;
  if (CSV_IMPORT_ROUTES.some((pattern) => pattern.test(route))) return MAX_CSV_IMPORT_BODY_BYTES;
  if (PHOTO_ROUTES.some((pattern) => pattern.test(route))) return MAX_PHOTO_BODY_BYTES;
  // The analytics tracker's batches (docs/REQUIREMENTS.md R9.6).
  if (route === EVENTS_ENDPOINT) return EVENT_LIMITS.bodyBytes;
  return MAX_BODY_BYTES;
}
/** A body that has not fully arrived by then is a slow drip, not a slow phone. */
export const BODY_TIMEOUT_MS = 10_000;

export const BODY_TOO_LARGE = "The request is too large.";
export const BODY_TOO_SLOW = "The request body took too long to arrive.";
export const BODY_CUT_OFF = "The request body was cut off.";

export interface BodyLimitOptions {
  /** The largest body a path accepts (room for uploads later). */
  maxBytes?: (path: string) => number;
  timeoutMs?: number;
}

/**
 * Reads every request body before any route does, whatever the method and framing
 * (Content-Length or chunked), and stops at the limit or the time-out: a body is never
 * held in memory beyond the limit, and a client dripping bytes does not hold a request
 * open. The route then gets the body from memory.
 */
/**
 * Whether Node's HTTP/1.1 server received this request without a body: HTTP/1.1 frames
 * every request body with Content-Length or Transfer-Encoding (RFC 9112 6.3). Asked first
 * because a request's `body` builds a whole web Request, which every page view would pay
 * for (measured with `npm run bench`); without the server's message (tests, HTTP/2), the
 * body itself is asked.
 */
export function withoutBody(incoming: IncomingMessage | undefined): boolean {
  if (!incoming || incoming.httpVersionMajor !== 1) return false;
  const length = incoming.headers["content-length"];
  return (
    incoming.headers["transfer-encoding"] === undefined &&
    (length === undefined || length.trim() === "0")
  );
}

export function limitRequestBody(options: BodyLimitOptions = {}): MiddlewareHandler<{
  Bindings: { incoming?: IncomingMessage };
}> {
  const timeoutMs = options.timeoutMs ?? BODY_TIMEOUT_MS;
  return async (c, next) => {
    if (withoutBody(c.env?.incoming)) return next();
    const raw = c.req.raw;
    if (!raw.body) return next();
    const maxBytes = options.maxBytes?.(c.req.path) ?? MAX_BODY_BYTES;
    const refuse = (status: 400 | 408 | 413, message: string) => {
      const json = /json/i.test(raw.headers.get("content-type") ?? "");
      // The rest of the body is not read: the connection closes after the answer.
      c.header("Connection", "close");
      c.header("Cache-Control", "no-store");
      return json ? c.json({ error: message }, status) : c.text(message, status);
    };

    const declared = Number(raw.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) return refuse(413, BODY_TOO_LARGE);

    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let timedOut = false;
    let broken = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void reader.cancel().catch(() => {});
    }, timeoutMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          void reader.cancel().catch(() => {});
          return refuse(413, BODY_TOO_LARGE);
        }
        chunks.push(value);
      }
    } catch {
      // Cancelled by the time-out, or the client went away mid-body.
      broken = true;
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) return refuse(408, BODY_TOO_SLOW);
    if (broken) return refuse(400, BODY_CUT_OFF);

    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(raw, { body });
    return next();
  };
}
