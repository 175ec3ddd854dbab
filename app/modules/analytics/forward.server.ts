import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { Database } from "~/db/client.server";
import { analyticsEvents, analyticsForwarding, type AnalyticsEvent } from "~/db/schema";
import type { Logger } from "~/modules/platform/logger.server";

/**
 * Forwarding of stored events to PostHog (docs/decisions/013), when POSTHOG_HOST and
 * POSTHOG_API_KEY are set: a job reads the events after the cursor (people only, never
 * bots), sends them in chunks to {host}/batch/ and moves the cursor once a chunk is
 * accepted. A visitor never waits for it. A failure (network, 5xx, 408, 429) leaves the
 * cursor where it was, so the next run sends the chunk again; PostHog drops the repeat by
 * the event's uuid. Any other 4xx would fail forever, so that chunk is skipped with a log
 * line (ids and counts only).
 */

export interface PosthogTarget {
  host: URL;
  apiKey: string;
}

export interface ForwardOptions {
  logger: Logger;
  /** Events in one request to PostHog. */
  chunkSize?: number;
  /** Chunks one run sends at most (the next run goes on). */
  maxChunks?: number;
  timeoutMs?: number;
  /**
   * Events younger than this are left for the next run: an event stored by a transaction
   * that commits late could otherwise carry an id below the cursor.
   */
  settleMs?: number;
  signal?: AbortSignal;
}

export interface ForwardResult {
  sent: number;
  skipped: number;
  /** Why the run stopped early: the chunk is sent again next time. */
  failed?: string;
}

const TARGET = "posthog";

/** A stable uuid per event, so a chunk sent twice is stored once. */
function eventUuid(id: number): string {
  const hex = createHash("sha256").update(`lumen-analytics-event:${id}`).digest("hex");
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One event in PostHog's shape. */
export function posthogEvent(event: AnalyticsEvent) {
  const properties: Record<string, unknown> = {
    ...event.properties,
    $lib: "lumen-server",
    $pathname: event.path ?? undefined,
    $referring_domain: event.referrerHost ?? undefined,
    $device_type: event.device ?? undefined,
    $browser: event.browser ?? undefined,
    $os: event.os ?? undefined,
    $geoip_country_code: event.country ?? undefined,
    $session_id: event.sessionId ?? undefined,
    // Visitors without our id are not people PostHog should build a profile for.
    $process_person_profile: event.visitorId ? undefined : false,
  };
  return {
    event: event.name === "page_view" ? "$pageview" : event.name,
    uuid: eventUuid(event.id),
    properties: Object.fromEntries(
      Object.entries(properties).filter(([, value]) => value !== undefined),
    ),
    timestamp: (event.occurredAt ?? event.createdAt).toISOString(),
    distinct_id: event.visitorId ?? `anonymous-${event.id}`,
  };
}

async function cursorOf(db: Database): Promise<number> {
  const [row] = await db
    .select({ lastEventId: analyticsForwarding.lastEventId })
    .from(analyticsForwarding)
    .where(eq(analyticsForwarding.target, TARGET));
  return row?.lastEventId ?? 0;
}

async function moveCursor(db: Database, lastEventId: number): Promise<void> {
  await db
    .insert(analyticsForwarding)
    .values({ target: TARGET, lastEventId })
    .onConflictDoUpdate({
      target: analyticsForwarding.target,
      set: {
        lastEventId: sql`greatest(${analyticsForwarding.lastEventId}, excluded.last_event_id)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Sends what waits after the cursor, chunk by chunk, until caught up or a send fails. */
export async function forwardEvents(
  db: Database,
  target: PosthogTarget,
  options: ForwardOptions,
): Promise<ForwardResult> {
  const chunkSize = options.chunkSize ?? 500;
  const maxChunks = options.maxChunks ?? 20;
  const settleMs = options.settleMs ?? 30_000;
  const url = new URL("/batch/", target.host);
  const result: ForwardResult = { sent: 0, skipped: 0 };

  for (let chunk = 0; chunk < maxChunks; chunk++) {
    const after = await cursorOf(db);
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          gt(analyticsEvents.id, after),
          eq(analyticsEvents.isBot, false),
          lt(analyticsEvents.createdAt, new Date(Date.now() - settleMs)),
        ),
      )
      .orderBy(asc(analyticsEvents.id))
      .limit(chunkSize);
    if (events.length === 0) break;
    const lastId = events.at(-1)!.id;

    let status: number;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: target.apiKey, batch: events.map(posthogEvent) }),
        signal: AbortSignal.any([
          AbortSignal.timeout(options.timeoutMs ?? 10_000),
          ...(options.signal ? [options.signal] : []),
        ]),
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      result.failed = error instanceof Error ? error.name : "Error";
      options.logger.warn(
        { job: "analytics-forward", failed: result.failed, fromId: events[0]!.id, toId: lastId },
        "forwarding analytics events failed; the next run sends them again",
      );
      return result;
    }

    if (status >= 200 && status < 300) {
      result.sent += events.length;
    } else if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      result.skipped += events.length;
      options.logger.error(
        { job: "analytics-forward", status, fromId: events[0]!.id, toId: lastId },
        "analytics events refused by the receiver; skipped",
      );
    } else {
      result.failed = `HTTP ${status}`;
      options.logger.warn(
        { job: "analytics-forward", status, fromId: events[0]!.id, toId: lastId },
        "forwarding analytics events failed; the next run sends them again",
      );
      return result;
    }
    await moveCursor(db, lastId);
    if (events.length < chunkSize) break;
  }
  return result;
}
