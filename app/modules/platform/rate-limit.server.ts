import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimitCounters } from "~/db/schema";

export interface RateLimit {
  /** Most hits allowed within any window of this length. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the sliding window, this one included. */
  count: number;
  /** When a refused caller may try again. */
  retryAfterMs: number;
}

/**
 * How many of the previous fixed window's hits still count: its count weighed by how much of
 * it the sliding window still covers, to the nearest whole hit. Rounded, not floored: just
 * after a window starts nearly all of the last one's hits are still in the sliding window,
 * and flooring dropped one of them, letting a caller who had used up the limit one hit more.
 */
export function previousWindowShare(
  previousCount: number,
  nowMs: number,
  windowStartMs: number,
  windowMs: number,
): number {
  const overlap = 1 - (nowMs - windowStartMs) / windowMs;
  return Math.round(previousCount * overlap);
}

/**
 * Counts one hit for `key` and says whether it is within the limit. The counters live in
 * the database so every server instance shares them. The window slides: the previous fixed
 * window's count weighs in by how much of it still overlaps (a close, cheap approximation).
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(windowStartMs);
  const previousStart = new Date(windowStartMs - rule.windowMs);

  // One statement, one round trip: the embedded database runs every query of the process
  // in turn, so a lead's answer waits on each one (docs/decisions/018).
  const result = await db.execute(sql`
    with hit as (
      insert into ${rateLimitCounters} (key, window_start, count)
      values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
      on conflict (key, window_start)
        do update set count = ${rateLimitCounters}.count + 1
      returning count
    )
    select
      (select count from hit) as current,
      (select count from ${rateLimitCounters}
        where key = ${key} and window_start = ${previousStart.toISOString()}::timestamptz) as previous
  `);
  // Both drivers (node-postgres and PGlite) answer a raw query with its rows.
  const [counts] = (result as unknown as { rows: { current: unknown; previous: unknown }[] }).rows;

  const count =
    Number(counts?.current ?? 1) +
    previousWindowShare(Number(counts?.previous ?? 0), now.getTime(), windowStartMs, rule.windowMs);
  const allowed = count <= rule.limit;
  return {
    allowed,
    count,
    retryAfterMs: allowed ? 0 : windowStartMs + rule.windowMs - now.getTime(),
  };
}
