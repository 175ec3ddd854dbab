import { gunzipSync } from "node:zlib";
import type { Database } from "~/db/client.server";
import type { EventPropertyValue, NewAnalyticsEvent } from "~/db/schema";
import { trackingParamsFromUrl } from "~/modules/attribution/tracking";
import type { Logger } from "~/modules/platform/logger.server";
import { isAcceptableText, singleLine } from "~/modules/platform/text";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { BLOCK_TITLE, refusedByProtection } from "./bot-check.server";
import { requestEnrichment, type RequestEnrichment } from "./enrich.server";
import { EVENT_LIMITS } from "./event-catalogue";
import type { EventWriter } from "./event-writer.server";
import { rateLimitBatcherFor } from "./rate-limit-batch.server";
import { eventBatchSchema, type EventBatch, type TrackedEvent } from "./events.schema";

/**
 * POST /api/events (docs/REQUIREMENTS.md R7.4, R9.6; docs/decisions/013): the tracker's
 * batches. Every guard is here: the body is read within EVENT_LIMITS.bodyBytes before and
 * after gzip, checked against the shared schema, refused for a visitor who asked not to be
 * tracked (stored nothing, 204), limited per address, refused when bot protection is on
 * and the visitor looks automated, enriched on the server and written in groups.
 * 204 means stored; a database failure is 503, which the tracker retries.
 */

export const EVENTS_WINDOW_MS = 60_000;
/** How far ahead of our clock a browser's time may be before it is not believed. */
const CLOCK_SKEW_MS = 60_000;
/** Oldest an event's own time may be (a tracker retrying for up to R9.6's backoff). */
const OLDEST_OCCURRED_MS = 7 * 24 * 60 * 60_000;

export const EVENT_ERRORS = {
  tooLarge: "The request is too large.",
  encoding: "Send the body as JSON, uncompressed or gzip.",
  contentType: "Send the body as application/json or text/plain.",
  json: "The body is not valid JSON.",
  characters: "The request contains characters that are not allowed.",
  invalid: "The events are not in the expected form.",
  tooMany: "Too many requests. Please try again later.",
  unavailable: "The events could not be stored. Please try again.",
} as const;

export interface IngestServices {
  db: Database;
  writer: EventWriter;
  logger: Logger;
  /** The client's address (client-ip.server.ts): the rate limit's key and the country. */
  ip: string | undefined;
  /** Batches one address may send within a minute. */
  batchesPerMinute: number;
  /** ANALYTICS_COUNTRY_CSV. */
  countryCsv?: string;
  /** Hosts that are this site (a referrer from them is not an outside referrer). */
  ownHosts: string[];
  now?: Date;
}

const answer = (status: number, error?: string, headers: Record<string, string> = {}) =>
  error
    ? Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } })
    : new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** Do-Not-Track or Global Privacy Control: nothing is stored for this visitor. */
export const optedOut = (request: Request): boolean =>
  request.headers.get("dnt")?.trim() === "1" || request.headers.get("sec-gpc")?.trim() === "1";

const ACCEPTED_TYPE = /^(application\/json|text\/plain)\s*(;|$)/i;

export async function ingestEvents(request: Request, services: IngestServices): Promise<Response> {
  if (optedOut(request)) {
    await request.body?.cancel().catch(() => {});
    return answer(204);
  }
  const type = request.headers.get("content-type")?.trim() ?? "";
  if (type && !ACCEPTED_TYPE.test(type)) return answer(415, EVENT_ERRORS.contentType);
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") return answer(415, EVENT_ERRORS.encoding);

  const body = await readBody(request, encoding === "gzip");
  if (typeof body === "number") {
    return answer(body, body === 413 ? EVENT_ERRORS.tooLarge : EVENT_ERRORS.json);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return answer(400, EVENT_ERRORS.json);
  }
  if (!jsonTextAcceptable(parsed)) return answer(400, EVENT_ERRORS.characters);
  const result = eventBatchSchema.safeParse(parsed);
  if (!result.success) return answer(400, EVENT_ERRORS.invalid);
  const batch = result.data;

  const now = services.now ?? new Date();
  try {
    const limiter = rateLimitBatcherFor(services.db, {
      limit: services.batchesPerMinute,
      windowMs: EVENTS_WINDOW_MS,
    });
    const limit = await limiter.hit(`analytics:${services.ip ?? "unknown"}`, now);
    if (!limit.allowed) {
      return answer(429, EVENT_ERRORS.tooMany, {
        "Retry-After": String(Math.max(1, Math.ceil(limit.retryAfterMs / 1000))),
      });
    }
    const settings = await getCompanySettings(services.db);
    if (refusedByProtection(request, settings.botProtection, batch.bot)) {
      return answer(403, BLOCK_TITLE);
    }
    const enrichment = requestEnrichment(request, {
      ip: services.ip,
      countryCsv: services.countryCsv,
      reported: batch.bot,
    });
    await services.writer.write(eventRows(batch, enrichment, services.ownHosts, now));
  } catch (err) {
    services.logger.error({ err: causeOf(err) }, "storing analytics events failed");
    return answer(503, EVENT_ERRORS.unavailable, { "Retry-After": "5" });
  }
  return answer(204);
}

/**
 * The body as text, or the status refusing it: 413 past the limit (compressed or not),
 * 400 for a gzip stream that is broken or a body that is not UTF-8 text.
 */
async function readBody(request: Request, gzip: boolean): Promise<string | 413 | 400> {
  const limit = EVENT_LIMITS.bodyBytes;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    return 413;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          await reader.cancel().catch(() => {});
          return 413;
        }
        chunks.push(value);
      }
    } catch {
      return 400;
    }
  }
  let bytes: Buffer = Buffer.concat(chunks, size);
  if (gzip) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: limit });
    } catch (error) {
      return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? 413 : 400;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return 400;
  }
}

/** No NUL and no lone surrogate anywhere (keys included): they never reach the database. */
function jsonTextAcceptable(value: unknown): boolean {
  if (typeof value === "string") return isAcceptableText(value);
  if (Array.isArray(value)) return value.every(jsonTextAcceptable);
  if (value && typeof value === "object") {
    return Object.entries(value).every(
      ([key, item]) => isAcceptableText(key) && jsonTextAcceptable(item),
    );
  }
  return true;
}

const clip = (text: string, max: number) => singleLine(text).slice(0, max);

/** A path of this site without its query (which may carry personal data). */
function pathOf(path: string | undefined): string | null {
  if (!path?.startsWith("/")) return null;
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return clip(bare, EVENT_LIMITS.url) || null;
}

/** The referrer's host, when it is another site's. */
function referrerHostOf(referrer: string | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    if (!host || ownHosts.includes(host)) return null;
    return clip(host, 253) || null;
  } catch {
    return null;
  }
}

/** The browser's time, when it is believable (not ahead of ours, not older than 7 days). */
function occurredAtOf(ts: number | undefined, now: Date): Date | null {
  if (ts === undefined) return null;
  const nowMs = now.getTime();
  if (ts > nowMs + CLOCK_SKEW_MS || ts < nowMs - OLDEST_OCCURRED_MS) return null;
  return new Date(Math.min(ts, nowMs));
}

/** The event's properties: the browser's (one line each), then what the server derives. */
function propertiesOf(event: TrackedEvent): Record<string, EventPropertyValue> {
  const entries: [string, EventPropertyValue][] = [];
  for (const [key, value] of Object.entries(event.props ?? {})) {
    const name = clip(key, EVENT_LIMITS.propertyName);
    if (!name) continue;
    entries.push([
      name,
      typeof value === "string" ? clip(value, EVENT_LIMITS.stringProperty) : value,
    ]);
  }
  if (event.name === "page_view") {
    if (event.search) {
      let params = new URLSearchParams();
      try {
        params = new URLSearchParams(event.search);
      } catch {
        // Not a query string: no tracking parameters.
      }
      for (const [key, value] of Object.entries(trackingParamsFromUrl(params))) {
        entries.push([key, value]);
      }
    }
    const hash = event.hash ? clip(event.hash, EVENT_LIMITS.url) : "";
    if (hash) entries.push(["hash", hash]);
    if (event.screen) entries.push(["screen", event.screen]);
  }
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.fromEntries(entries);
}

/** The rows of a batch, each with the request's enrichment. */
export function eventRows(
  batch: EventBatch,
  enrichment: RequestEnrichment,
  ownHosts: string[],
  now: Date,
): NewAnalyticsEvent[] {
  return batch.events.map((event) => ({
    name: event.name,
    path: pathOf(event.path),
    properties: propertiesOf(event),
    createdAt: now,
    occurredAt: occurredAtOf(event.ts, now),
    visitorId: batch.visitorId ?? null,
    sessionId: batch.sessionId ?? null,
    referrerHost: referrerHostOf(event.referrer, ownHosts),
    ...enrichment,
  }));
}

/** The database's own error rather than Drizzle's wrapper, whose message lists parameters. */
function causeOf(error: unknown): Record<string, string | undefined> {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return { name: "Error", message: String(cause) };
  return { name: cause.name, message: cause.message, code: (cause as { code?: string }).code };
}
