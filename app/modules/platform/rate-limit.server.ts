import { and, eq, sql } from "drizzle-orm";
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

  const [current] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const [previous] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, previousStart)));

  const overlap = 1 - (now.getTime() - windowStartMs) / rule.windowMs;
  const count = (current?.count ?? 1) + Math.floor((previous?.count ?? 0) * overlap);
  const allowed = count <= rule.limit;
  return {
    allowed,
    count,
    retryAfterMs: allowed ? 0 : windowStartMs + rule.windowMs - now.getTime(),
  };
}
