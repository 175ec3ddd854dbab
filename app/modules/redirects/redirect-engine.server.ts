import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { redirects, type Redirect } from "~/db/schema";
import { indexRules, matchRule, targetOf, type RuleIndex } from "./redirect-rules";

/**
 * Redirect rules as the server applies them (docs/REQUIREMENTS.md R12.3 and R12.5): a
 * per-process copy of the active rules, reloaded after this process's own changes and
 * otherwise every few seconds, and hits counted in memory and added to the table every few
 * seconds and at shutdown (decision 010).
 */

/** How old the copy of the rules may get before a request reloads it. */
export const RULES_RELOAD_MS = 5_000;
/** How long counted hits wait in memory before they are added to the table. */
export const HITS_FLUSH_MS = 3_000;

export type RuleRow = Pick<Redirect, "id" | "fromPath" | "toPath" | "type" | "isActive">;
export const ruleColumns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  type: redirects.type,
  isActive: redirects.isActive,
};

interface PendingHits {
  count: number;
  last: Date;
}

export interface RedirectAnswer {
  ruleId: number;
  type: number;
  /** Where it leads, query kept; "" for a 410. */
  location: string;
}

/** The rules of one database as this process applies them, and its uncounted hits. */
export class RedirectEngine {
  private index: RuleIndex<RuleRow> | undefined;
  private loadedAt = 0;
  private loading: Promise<RuleIndex<RuleRow>> | undefined;
  private pending = new Map<number, PendingHits>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly options: {
      reloadMs?: number;
      flushMs?: number;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  /** The rule for a request's path and where it leads, if one applies. */
  async answer(pathname: string, search: string): Promise<RedirectAnswer | undefined> {
    const index = await this.rules();
    const match = matchRule(index, pathname);
    if (!match) return undefined;
    const { rule } = match;
    return {
      ruleId: rule.id,
      type: rule.type,
      location: rule.type === 410 ? "" : targetOf(match, search),
    };
  }

  /** Counts a hit in memory; it reaches the table at the next flush. */
  hit(ruleId: number, at = new Date()): void {
    const entry = this.pending.get(ruleId);
    if (entry) {
      entry.count += 1;
      if (at > entry.last) entry.last = at;
    } else this.pending.set(ruleId, { count: 1, last: at });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err: unknown) => this.options.onError?.(err));
    }, this.options.flushMs ?? HITS_FLUSH_MS);
    this.timer.unref?.();
  }

  /** Adds the counted hits to the table; on failure they stay counted for the next try. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => {}).then(() => this.writeHits());
    return this.flushing;
  }

  private async writeHits(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // One statement for every counted rule: additions, so instances sharing PostgreSQL
    // never overwrite each other's counts.
    const values = sql.join(
      [...batch].map(
        ([id, { count: hits, last }]) =>
          sql`(${id}::integer, ${hits}::bigint, ${last.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      await this.db.execute(sql`
        update ${redirects} set
          hit_count = ${redirects}.hit_count + counted.hits,
          last_hit = greatest(${redirects}.last_hit, counted.last)
        from (values ${values}) as counted(id, hits, last)
        where ${redirects}.id = counted.id`);
    } catch (error) {
      for (const [id, hits] of batch) {
        const entry = this.pending.get(id);
        if (entry) {
          entry.count += hits.count;
          if (hits.last > entry.last) entry.last = hits.last;
        } else this.pending.set(id, hits);
      }
      throw error;
    }
  }

  /** After this process changed the rules: the next request reads them again. */
  invalidate(): void {
    this.generation += 1;
    this.loadedAt = 0;
    this.loading = undefined;
  }

  /** Writes what is counted and stops the timer (at shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private rules(): Promise<RuleIndex<RuleRow>> {
    const age = Date.now() - this.loadedAt;
    if (this.index && age < (this.options.reloadMs ?? RULES_RELOAD_MS)) {
      return Promise.resolve(this.index);
    }
    const loading = (this.loading ??= this.load().finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }));
    // A copy that is merely old keeps serving while the reload runs; after this
    // process's own change (loadedAt reset) requests wait for the new rules.
    if (this.index && this.loadedAt > 0) {
      loading.catch((err: unknown) => this.options.onError?.(err));
      return Promise.resolve(this.index);
    }
    return loading;
  }

  private async load(): Promise<RuleIndex<RuleRow>> {
    const generation = this.generation;
    const started = Date.now();
    const rows = await this.db
      .select(ruleColumns)
      .from(redirects)
      .where(eq(redirects.isActive, true));
    const index = indexRules(rows);
    // A change made while this read ran is not in it: keep it for this caller only.
    if (generation === this.generation) {
      this.index = index;
      this.loadedAt = started;
    }
    return index;
  }
}

// Kept on globalThis so the development server's module reloads keep one engine (and its
// counted hits) per database.
const holder = globalThis as typeof globalThis & {
  __lumenRedirects?: WeakMap<Database, RedirectEngine>;
};

/** The engine of this database in this process. */
export function redirectEngine(db: Database, onError?: (err: unknown) => void): RedirectEngine {
  holder.__lumenRedirects ??= new WeakMap();
  let engine = holder.__lumenRedirects.get(db);
  if (!engine) {
    engine = new RedirectEngine(db, { onError });
    holder.__lumenRedirects.set(db, engine);
  }
  return engine;
}

/** After a change elsewhere: this process's next request reads the rules again. */
export function forgetRedirectRules(db: Database): void {
  holder.__lumenRedirects?.get(db)?.invalidate();
}

/** At shutdown: the hits counted so far reach the table. */
export async function stopRedirects(db: Database): Promise<void> {
  const engine = holder.__lumenRedirects?.get(db);
  if (!engine) return;
  holder.__lumenRedirects?.delete(db);
  await engine.stop();
}
