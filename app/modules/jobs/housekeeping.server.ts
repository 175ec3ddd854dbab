import { desc, lt, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { housekeepingRuns, rateLimitCounters, visitors, visualizerRenders } from "~/db/schema";
import { purgeUnusedImages } from "~/modules/media/uploads.server";
import { purgeStaleNotFoundPaths } from "~/modules/redirects/not-found-log.server";
import { purgeLoginHistory } from "~/modules/staff/login-limits.server";

/** How many housekeeping runs are kept as a record. */
const RUNS_KEPT = 200;

type Task = (db: Database) => Promise<number>;

/** A task that deletes the rows whose `at` is older than `age` (a PostgreSQL interval). */
function deleteOlderThan(table: PgTable, at: AnyPgColumn, age: string): Task {
  return async (db) => {
    const deleted = await db
      .delete(table)
      .where(lt(at, sql`now() - ${age}::interval`))
      .returning({ at });
    return deleted.length;
  };
}

/**
 * Periodic clean-up. Each task returns how many rows it touched; later capabilities add
 * theirs here (expired sessions, login attempts older than 24 hours, ...).
 */
const tasks: Record<string, Task> = {
  prunedHousekeepingRuns: async (db) => {
    const [cutoff] = await db
      .select({ id: housekeepingRuns.id })
      .from(housekeepingRuns)
      .orderBy(desc(housekeepingRuns.id))
      .offset(RUNS_KEPT - 1)
      .limit(1);
    if (!cutoff) return 0;
    const deleted = await db
      .delete(housekeepingRuns)
      .where(lt(housekeepingRuns.id, cutoff.id))
      .returning({ id: housekeepingRuns.id });
    return deleted.length;
  },
  // Rate-limit windows are minutes to hours long; a day-old counter limits nothing.
  expiredRateLimitCounters: deleteOlderThan(
    rateLimitCounters,
    rateLimitCounters.windowStart,
    "1 day",
  ),
  // docs/REQUIREMENTS.md R9.3: sign-in attempts are kept 24 hours.
  expiredLoginAttempts: (db) => purgeLoginHistory(db),
  // The privacy policy promises the campaign record 12 months from the latest campaign visit.
  expiredVisitorTouches: deleteOlderThan(visitors, visitors.updatedAt, "365 days"),
  // docs/REQUIREMENTS.md R9.10: a 404 log entry nobody reached for 90 days is dropped.
  staleNotFoundPaths: (db) => purgeStaleNotFoundPaths(db),
  // docs/REQUIREMENTS.md R15.5: a visitor's photo and its redraw are kept 30 days; their
  // images go with the next task, once nothing uses them.
  expiredVisualizerRenders: deleteOlderThan(
    visualizerRenders,
    visualizerRenders.createdAt,
    "30 days",
  ),
  // docs/REQUIREMENTS.md R4.11: an upload no post, revision or author uses, after a day.
  unusedImages: (db) => purgeUnusedImages(db),
};

export async function runHousekeeping(db: Database): Promise<Record<string, number>> {
  const startedAt = new Date();
  const results: Record<string, number> = {};
  for (const [name, task] of Object.entries(tasks)) results[name] = await task(db);
  await db.insert(housekeepingRuns).values({ startedAt, finishedAt: new Date(), results });
  return results;
}

export async function lastHousekeepingRun(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ finishedAt: sql<Date>`max(${housekeepingRuns.finishedAt})` })
    .from(housekeepingRuns);
  return row?.finishedAt ? new Date(row.finishedAt) : null;
}
