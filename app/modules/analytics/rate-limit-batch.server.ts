import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  previousWindowShare,
  type RateLimit,
  type RateLimitResult,
} from "~/modules/platform/rate-limit.server";

/**
 * The per-address limit of the events endpoint, counted like hitRateLimit
 * (app/modules/platform/rate-limit.server.ts: the same counters, shared by instances, the
 * same sliding window) but for many requests at once: hits arriving together are added to
 * their counters by one statement and the previous windows read by another, instead of
 * two statements per request. The tracker's batches arrive in bursts; this keeps the
 * limit from costing more than the events themselves.
 */

interface Hit {
  key: string;
  nowMs: number;
  windowStartMs: number;
  resolve(result: RateLimitResult): void;
  reject(error: unknown): void;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export class RateLimitBatcher {
  private pending: Hit[] = [];
  private running: Promise<void> | undefined;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly rule: RateLimit,
  ) {}

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string, now = new Date()): Promise<RateLimitResult> {
    const nowMs = now.getTime();
    const windowStartMs = Math.floor(nowMs / this.rule.windowMs) * this.rule.windowMs;
    return new Promise<RateLimitResult>((resolve, reject) => {
      this.pending.push({ key, nowMs, windowStartMs, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    // While one round runs, the hits arriving meanwhile wait for the next.
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const hits = this.pending;
      this.pending = [];
      if (hits.length === 0) return;
      this.running = this.count(hits).finally(() => {
        this.running = undefined;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async count(hits: Hit[]): Promise<void> {
    const groups = new Map<string, Hit[]>();
    for (const hit of hits) {
      const id = `${hit.windowStartMs}|${hit.key}`;
      const group = groups.get(id);
      if (group) group.push(hit);
      else groups.set(id, [hit]);
    }
    // Always the same order, so two instances never wait on each other's rows in a cycle.
    const entries = [...groups.values()]
      .map((group) => ({
        key: group[0]!.key,
        start: new Date(group[0]!.windowStartMs).toISOString(),
        previous: new Date(group[0]!.windowStartMs - this.rule.windowMs).toISOString(),
        n: group.length,
        group,
      }))
      .sort((a, b) => (a.key + a.start < b.key + b.start ? -1 : 1));
    const json = JSON.stringify(
      entries.map(({ key, start, previous, n }) => ({ key, start, previous, n })),
    );
    try {
      const current = rowsOf<{ key: string; ms: number; count: number }>(
        await this.db.execute(sql`
          insert into rate_limit_counters as counter (key, window_start, count)
          select key, start, n from jsonb_to_recordset(${json}::jsonb)
            as hit(key text, start timestamptz, n int)
          on conflict (key, window_start) do update set count = counter.count + excluded.count
          returning key, (extract(epoch from window_start) * 1000)::float8 as ms, count`),
      );
      const previous = rowsOf<{ key: string; ms: number; count: number }>(
        await this.db.execute(sql`
          select counter.key, (extract(epoch from hit.start) * 1000)::float8 as ms, counter.count
          from jsonb_to_recordset(${json}::jsonb) as hit(key text, start timestamptz,
            previous timestamptz)
          join rate_limit_counters counter
            on counter.key = hit.key and counter.window_start = hit.previous`),
      );
      const totals = new Map(current.map((row) => [`${Number(row.ms)}|${row.key}`, row.count]));
      const before = new Map(previous.map((row) => [`${Number(row.ms)}|${row.key}`, row.count]));
      for (const { key, group } of entries) {
        const id = `${group[0]!.windowStartMs}|${key}`;
        const total = totals.get(id) ?? group.length;
        const previousCount = before.get(id) ?? 0;
        group.forEach((hit, index) => {
          const share = previousWindowShare(
            previousCount,
            hit.nowMs,
            hit.windowStartMs,
            this.rule.windowMs,
          );
          const count = total - group.length + index + 1 + share;
          const allowed = count <= this.rule.limit;
          hit.resolve({
            allowed,
            count,
            retryAfterMs: allowed ? 0 : hit.windowStartMs + this.rule.windowMs - hit.nowMs,
          });
        });
      }
    } catch (error) {
      for (const hit of hits) hit.reject(error);
    }
  }
}

const batchers = new WeakMap<Database, Map<string, RateLimitBatcher>>();

/** The process's counter of one rule on a database (made on first use). */
export function rateLimitBatcherFor(db: Database, rule: RateLimit): RateLimitBatcher {
  let byRule = batchers.get(db);
  if (!byRule) batchers.set(db, (byRule = new Map()));
  const id = `${rule.limit}/${rule.windowMs}`;
  let batcher = byRule.get(id);
  if (!batcher) byRule.set(id, (batcher = new RateLimitBatcher(db, rule)));
  return batcher;
}
