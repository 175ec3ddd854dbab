import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { MiddlewareFunction } from "react-router";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { notFoundPaths } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { runtimeContext } from "~/modules/platform/context";
import type { Logger } from "~/modules/platform/logger.server";
import type { NotFoundSort } from "./not-found-log.schema";

/**
 * The 404 log (docs/REQUIREMENTS.md R4.12, R9.10): paths that answered 404 to people, so
 * staff can see broken links and redirect them. Recording never delays the answer: hits
 * wait in memory and one writer at a time adds them up in the database.
 */

/** Longer paths are not logged: no real link is that long, and a redirect needs the whole path. */
export const NOT_FOUND_PATH_MAX = 300;
/** How many referrers an entry keeps, the ones that sent the most people. */
export const NOT_FOUND_REFERRERS_KEPT = 10;
/** Entries not seen for this many days are purged by housekeeping. */
export const NOT_FOUND_KEPT_DAYS = 90;
/** Distinct paths waiting to be written; a flood of made-up paths beyond this is dropped. */
const PENDING_PATHS_MAX = 500;
/** Distinct referrers a waiting path collects (the database keeps the top ten of them). */
const PENDING_REFERRERS_MAX = 100;

/** Areas that are not public pages: staff, affiliates, the API. */
const NOT_PUBLIC = /^\/(admin|affiliate|api)(\/|$)/i;
/**
 * Addresses no link on this site ever had: server scripts, hidden files, the well-known
 * folder. Asked for by scanners and browsers' own checks, they are not broken links.
 */
const PROBE = /(^|\/)\.|\.(php\d?|aspx?|jsp|cgi|env|ini|sql|bak)(\/|$)/i;

export interface NotFoundHit {
  path: string;
  /** Origin and path of the page that linked here, when the browser said. */
  referrer: string | null;
  at: Date;
}

/**
 * What a 404 answer to this request adds to the log, or undefined when it is not for the
 * log: not a GET, a bot (the same check as attribution), outside the public site, a probe
 * for files this site never had, or a path too long to be a link.
 */
export function notFoundHitOf(request: Request, at = new Date()): NotFoundHit | undefined {
  if (request.method !== "GET") return undefined;
  if (isbot(request.headers.get("user-agent") ?? "")) return undefined;
  const url = new URL(request.url);
  // A navigation inside the browser asks for "/path.data" ("/_root.data" for the home page).
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "") || "/";
  if (path.length > NOT_FOUND_PATH_MAX || NOT_PUBLIC.test(path) || PROBE.test(path)) {
    return undefined;
  }
  return { path, referrer: referrerOf(request.headers.get("referer")), at };
}

/** The referring page as origin and path: its query may carry someone's details. */
function referrerOf(header: string | null): string | null {
  if (!header) return null;
  try {
    const url = new URL(header);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`.slice(0, NOT_FOUND_PATH_MAX);
  } catch {
    return null;
  }
}

interface PendingPath {
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  referrers: Map<string, number>;
}

/**
 * Adds hits to the log in one statement: counts add up, first and last seen widen, the
 * referrers merge and keep their top ten, and a hit after a dismissal brings the entry back.
 */
export async function addNotFoundHits(db: Database, hits: Iterable<NotFoundHit>): Promise<void> {
  const byPath = new Map<string, PendingPath>();
  for (const hit of hits) addHit(byPath, hit);
  await writePending(db, byPath);
}

function addHit(byPath: Map<string, PendingPath>, hit: NotFoundHit): boolean {
  let entry = byPath.get(hit.path);
  if (!entry) {
    if (byPath.size >= PENDING_PATHS_MAX) return false;
    entry = { count: 0, firstSeen: hit.at, lastSeen: hit.at, referrers: new Map() };
    byPath.set(hit.path, entry);
  }
  entry.count += 1;
  if (hit.at < entry.firstSeen) entry.firstSeen = hit.at;
  if (hit.at > entry.lastSeen) entry.lastSeen = hit.at;
  const { referrer } = hit;
  if (referrer && (entry.referrers.has(referrer) || entry.referrers.size < PENDING_REFERRERS_MAX)) {
    entry.referrers.set(referrer, (entry.referrers.get(referrer) ?? 0) + 1);
  }
  return true;
}

async function writePending(db: Database, byPath: Map<string, PendingPath>): Promise<void> {
  if (byPath.size === 0) return;
  const rows = [...byPath].map(([path, entry]) => ({
    path,
    count: entry.count,
    firstSeen: entry.firstSeen,
    lastSeen: entry.lastSeen,
    // Each batch keeps more than the top ten of its own, so the merge below picks fairly.
    referrers: Object.fromEntries(entry.referrers),
  }));
  await db
    .insert(notFoundPaths)
    .values(rows)
    .onConflictDoUpdate({
      target: notFoundPaths.path,
      set: {
        count: sql`${notFoundPaths.count} + excluded.count`,
        firstSeen: sql`least(${notFoundPaths.firstSeen}, excluded.first_seen)`,
        lastSeen: sql`greatest(${notFoundPaths.lastSeen}, excluded.last_seen)`,
        // Only a hit after the dismissal brings it back, not one that was still on its way.
        dismissedAt: sql`case when ${notFoundPaths.dismissedAt} < excluded.last_seen then null else ${notFoundPaths.dismissedAt} end`,
        referrers: sql`(
          select coalesce(jsonb_object_agg(merged.key, merged.total), '{}'::jsonb)
          from (
            select key, sum(value::bigint) as total
            from (
              select key, value from jsonb_each_text(${notFoundPaths.referrers})
              union all
              select key, value from jsonb_each_text(excluded.referrers)
            ) as every_referrer
            group by key
            order by total desc, key
            limit ${sql.raw(String(NOT_FOUND_REFERRERS_KEPT))}
          ) as merged
        )`,
      },
    });
}

/**
 * Hits waiting for the database, written by one writer at a time: while a write runs,
 * new hits gather and go in the next, so a burst of 404s costs a few statements.
 */
export class NotFoundLog {
  #pending = new Map<string, PendingPath>();
  #writing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Pick<Logger, "error">,
  ) {}

  record(hit: NotFoundHit): void {
    if (!addHit(this.#pending, hit)) return;
    this.#writing ??= this.#write();
  }

  /** Resolves once every hit recorded so far is in the database (or failed and was logged). */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #write(): Promise<void> {
    // Hits of the same moment go in one statement.
    await Promise.resolve();
    while (this.#pending.size > 0) {
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        await writePending(this.db, batch);
      } catch (error) {
        // The log must never cost a visitor the page. The statement names paths and
        // referrers, so only the database's error code is logged.
        const code = (error as { cause?: { code?: unknown }; code?: unknown }).cause?.code;
        this.logger.error({ code: code ?? null, paths: batch.size }, "recording 404s failed");
      }
    }
    this.#writing = undefined;
  }
}

const logs = new WeakMap<Database, NotFoundLog>();

/** The process's log for a database. */
export function notFoundLogFor(db: Database, logger: Pick<Logger, "error">): NotFoundLog {
  let log = logs.get(db);
  if (!log) {
    log = new NotFoundLog(db, logger);
    logs.set(db, log);
  }
  return log;
}

/**
 * Logs a public page's 404 to a person, whichever route answered it: the catch-all or a
 * page whose loader found nothing. The answer is not held up.
 */
export const notFoundLogMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  if (response.status === 404) {
    const hit = notFoundHitOf(request);
    if (hit) {
      const { db, logger } = context.get(runtimeContext);
      notFoundLogFor(db, logger).record(hit);
    }
  }
  return response;
};

/** A 404 log entry as the staff screen shows it. */
export interface NotFoundEntry {
  id: number;
  path: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  /** Most first. */
  referrers: { url: string; count: number }[];
  dismissedAt: Date | null;
}

export const NOT_FOUND_PAGE_SIZE = 50;

/** One page of the log, most hits or most recent first, dismissed entries hidden unless asked. */
export async function notFoundLogPage(
  db: Database,
  options: { sort: NotFoundSort; showDismissed: boolean; page: number },
): Promise<{ entries: NotFoundEntry[]; total: number; hasNext: boolean }> {
  const where = options.showDismissed ? undefined : isNull(notFoundPaths.dismissedAt);
  const order =
    options.sort === "recent"
      ? [desc(notFoundPaths.lastSeen), desc(notFoundPaths.id)]
      : [desc(notFoundPaths.count), desc(notFoundPaths.lastSeen), desc(notFoundPaths.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notFoundPaths)
      .where(where)
      .orderBy(...order)
      .limit(NOT_FOUND_PAGE_SIZE + 1)
      .offset((options.page - 1) * NOT_FOUND_PAGE_SIZE),
    db.select({ total: count() }).from(notFoundPaths).where(where),
  ]);
  return {
    entries: rows.slice(0, NOT_FOUND_PAGE_SIZE).map((row) => ({
      id: row.id,
      path: row.path,
      count: row.count,
      firstSeen: row.firstSeen,
      lastSeen: row.lastSeen,
      referrers: Object.entries(row.referrers)
        .map(([url, hits]) => ({ url, count: Number(hits) }))
        .sort((a, b) => b.count - a.count || a.url.localeCompare(b.url)),
      dismissedAt: row.dismissedAt,
    })),
    total: totals?.total ?? 0,
    hasNext: rows.length > NOT_FOUND_PAGE_SIZE,
  };
}

export const NOT_FOUND_MESSAGES = {
  dismissed: "Dismissed. It comes back if someone reaches it again.",
  unchanged: "That entry was already dismissed.",
  gone: "That entry is no longer in the log.",
} as const;

export type DismissOutcome = { ok: true; changed: boolean } | { ok: false; error: string };

/** Hides an entry until the path answers 404 again; audited in the same transaction. */
export function dismissNotFoundPath(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  id: number,
): Promise<DismissOutcome> {
  return database.transaction(async ({ db }) => {
    const [dismissed] = await db
      .update(notFoundPaths)
      .set({ dismissedAt: new Date() })
      .where(and(eq(notFoundPaths.id, id), isNull(notFoundPaths.dismissedAt)))
      .returning({ path: notFoundPaths.path });
    if (!dismissed) {
      const [entry] = await db
        .select({ id: notFoundPaths.id })
        .from(notFoundPaths)
        .where(eq(notFoundPaths.id, id));
      return entry ? { ok: true, changed: false } : { ok: false, error: NOT_FOUND_MESSAGES.gone };
    }
    await recordAudit(db, actor, {
      action: "not_found.dismiss",
      target: `not_found_path:${id}`,
      details: { path: dismissed.path },
    });
    return { ok: true, changed: true };
  });
}

/** Housekeeping: entries nobody reached for NOT_FOUND_KEPT_DAYS days. */
export async function purgeStaleNotFoundPaths(db: Database): Promise<number> {
  const deleted = await db
    .delete(notFoundPaths)
    .where(
      lt(
        notFoundPaths.lastSeen,
        sql`now() - make_interval(days => ${sql.raw(String(NOT_FOUND_KEPT_DAYS))})`,
      ),
    )
    .returning({ id: notFoundPaths.id });
  return deleted.length;
}
