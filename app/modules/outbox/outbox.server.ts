import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import type { Logger } from "~/modules/platform/logger.server";
import { nextRetryDelayMs, shouldGiveUp, type RetryPolicy } from "./retry-policy";
import { isUuid } from "~/modules/platform/patterns";

/**
 * The outbox behind every outgoing message (mail, lead webhooks): a row per message, stored
 * with what it is about, and a pg-boss job per attempt. Each attempt's row is claimed first
 * (a batch's rows together), so a duplicate, early or lost job is harmless; a sweep
 * requeues what a crash or a lost job left behind. A kind (mail, webhooks) brings its
 * table, its payload and its send function.
 */

/** A row still `sending` this long after its attempt began lost its worker. */
const STALLED_SENDING_MS = 2 * 60_000;
/** A row due this long ago without being picked up lost its job. */
const LOST_JOB_MS = 60_000;
const SWEEP_BATCH = 500;
const MAX_ERROR_LENGTH = 500;

/** The columns an outbox table has, whatever else it holds. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  lastAttemptAt: AnyPgColumn;
  lastError: AnyPgColumn;
};

export interface OutboxKind<T extends OutboxTable> {
  table: T;
  /** The pg-boss queue: one job per attempt of one row. */
  queue: string;
  /** The field of a job's data that holds the row's id. */
  jobKey: string;
  /**
   * The status of a row waiting for its (next) attempt; `sending` while one runs. Unless
   * given, the default of the table's status column (`outboxColumns(waiting)`
   * in app/db/schema/columns.ts), so the table says it once.
   */
  waitingStatus?: string;
  /** The status of a row that will not be attempted again ("failed" unless given). */
  failedStatus?: string;
}

/** What every kind's attempts work with. */
export interface OutboxContext {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  retryPolicy: RetryPolicy;
}

/** pg-boss options that make a job insert part of the caller's transaction. */
const inTransaction = (tx: Pick<Transaction, "executeSql">) => ({
  db: { executeSql: tx.executeSql },
});

export const clipError = (text: string) =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;

export type OutboxUpdate<T extends OutboxTable> = PgUpdateSetSource<T>;

/** How a failed attempt that might succeed later was recorded. */
export type RetryOutcome =
  | { outcome: "retry"; lastError: string; nextAttemptAt: Date }
  | { outcome: "failed"; lastError: string; nextAttemptAt: null };

/** How one attempt of a row ended: one of its kind's `Done` outcomes, or as a retry records. */
export type AttemptOutcome<Done extends string> = Done | RetryOutcome["outcome"];

/** Logs one attempt: a warning once its row has failed for good, information otherwise. */
export function logAttempt(
  logger: Logger,
  fields: { outcome: string } & Record<string, unknown>,
  message: string,
): void {
  if (fields.outcome === "failed") logger.warn(fields, message);
  else logger.info(fields, message);
}

export interface SweepResult {
  /** Put back to waiting after their attempt was interrupted (process died mid-attempt). */
  recovered: number;
  /** Overdue without having been picked up (their job was lost): queued again. */
  requeued: number;
}

export type Outbox<T extends OutboxTable> = ReturnType<typeof createOutbox<T>>;

/** The status a new row starts with: where it waits for its first attempt. */
function statusDefault(table: OutboxTable): string {
  const waiting = table.status.default;
  if (typeof waiting !== "string") {
    throw new Error("An outbox table's status column needs a default: its waiting status");
  }
  return waiting;
}

export function createOutbox<T extends OutboxTable>(kind: OutboxKind<T>) {
  const { table, queue, jobKey, failedStatus = "failed" } = kind;
  const waitingStatus = kind.waitingStatus ?? statusDefault(table);
  // Drizzle cannot check a set against a table known only by its outbox columns.
  const values = (set: Record<string, unknown>) => set as PgUpdateSetSource<T>;
  const jobData = (id: string) => ({ [jobKey]: id });
  // Nor can it tell that a table known only as a type parameter can be selected from.
  const source: PgTable = table;

  /** The statement `finish` runs, unsent, for a caller that sends it along with another. */
  function finishStatement(db: Database, id: string, set: OutboxUpdate<T>) {
    return db
      .update(table)
      .set(set)
      .where(and(eq(table.id, id), eq(table.status, "sending")))
      .returning({ id: table.id });
  }

  /**
   * Records the outcome of the claimed attempt (only while the row is still `sending`);
   * false if the row is no longer ours.
   */
  async function finish(db: Database, id: string, set: OutboxUpdate<T>): Promise<boolean> {
    const rows: unknown[] = await finishStatement(db, id, set);
    return rows.length > 0;
  }

  /**
   * Claims the rows that are waiting and due among `ids`, in one statement: `sending`, one
   * more attempt. A row that is not (a duplicate or early job, or a row already handled) is
   * left out, and its attempt does nothing.
   */
  async function claimAll(db: Database, ids: string[]): Promise<T["$inferSelect"][]> {
    if (ids.length === 0) return [];
    return (await db
      .update(table)
      .set(
        values({
          status: "sending",
          attempts: sql`${table.attempts} + 1`,
          lastAttemptAt: sql`now()`,
        }),
      )
      .where(
        and(
          inArray(table.id, ids),
          eq(table.status, waitingStatus),
          lte(table.nextAttemptAt, sql`now()`),
        ),
      )
      .returning()) as T["$inferSelect"][];
  }

  /** Claims one row as `claimAll` does; undefined when it is not waiting and due. */
  async function claim(db: Database, id: string): Promise<T["$inferSelect"] | undefined> {
    const [row] = await claimAll(db, [id]);
    return row;
  }

  /** The row id a job names, or undefined for a job without a valid one. */
  function idOfJob(data: unknown): string | undefined {
    const id = (data as Record<string, unknown> | null | undefined)?.[jobKey];
    return isUuid(id) ? id : undefined;
  }

  return {
    /** The kind as it works: its statuses filled in. */
    kind: { ...kind, waitingStatus, failedStatus },
    idOfJob,
    claim,

    /**
     * Claims the rows a batch of jobs names, in one statement instead of one a job (each
     * statement costs the embedded database's one thread more than the work it does).
     * `attempt(job.data, send)` then runs `send` on the job's row if this batch claimed it,
     * once however many of the jobs name it, and answers "skipped" otherwise.
     */
    async claimBatch(db: Database, batch: unknown[]) {
      const ids = batch.map(idOfJob).filter((id): id is string => id !== undefined);
      const claimed = new Map((await claimAll(db, [...new Set(ids)])).map((row) => [row.id, row]));
      return {
        async attempt<R>(
          data: unknown,
          send: (row: T["$inferSelect"]) => Promise<R>,
        ): Promise<R | "skipped"> {
          const id = idOfJob(data);
          const row = id === undefined ? undefined : claimed.get(id);
          if (!row) return "skipped";
          claimed.delete(row.id);
          return send(row);
        },
      };
    },

    /**
     * Stores rows and queues their first attempts inside the caller's transaction, so they
     * are committed (or rolled back) with what they are about. A row that conflicts with
     * one already stored is skipped. Returns the ids stored.
     */
    async enqueue(tx: Transaction, boss: PgBoss, rows: T["$inferInsert"][]): Promise<string[]> {
      if (rows.length === 0) return [];
      const stored = (await tx.db
        .insert(table)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: table.id })) as { id: string }[];
      if (stored.length > 0) {
        // One statement for all the jobs, however many rows.
        await boss.insert(
          stored.map((row) => ({ name: queue, data: jobData(row.id) })),
          inTransaction(tx),
        );
      }
      return stored.map((row) => row.id);
    },

    /** Queues an attempt of a row now (its replay), inside the caller's transaction. */
    async queueAttempt(tx: Transaction, boss: PgBoss, id: string): Promise<void> {
      await boss.send(queue, jobData(id), inTransaction(tx));
    },

    finish,
    finishStatement,

    /**
     * Records a failed attempt that might succeed later: due again after the policy's delay,
     * with a job to match; or, once the first attempt is older than the policy allows, failed
     * with `giveUp` set as well.
     */
    async retryOrGiveUp(
      tx: Transaction,
      boss: PgBoss,
      policy: RetryPolicy,
      attempt: { id: string; attempts: number; firstAttemptAt: Date; error: string },
      giveUp: OutboxUpdate<T> = values({}),
    ): Promise<RetryOutcome> {
      const { id, attempts, firstAttemptAt, error } = attempt;
      if (shouldGiveUp(policy, firstAttemptAt)) {
        const lastError = clipError(`gave up after ${attempts} attempts: ${error}`);
        await finish(tx.db, id, { ...giveUp, ...values({ status: failedStatus, lastError }) });
        return { outcome: "failed", lastError, nextAttemptAt: null };
      }
      // The same instant is the row's due time and the job's start, so the job never finds
      // the row not yet due.
      const due = new Date(Date.now() + nextRetryDelayMs(policy, attempts));
      const updated = await finish(
        tx.db,
        id,
        values({ status: waitingStatus, nextAttemptAt: due, lastError: error }),
      );
      if (updated) {
        await boss.send(queue, jobData(id), { startAfter: due, ...inTransaction(tx) });
      }
      return { outcome: "retry", lastError: error, nextAttemptAt: due };
    },

    /**
     * The safety net behind the job queue (run every minute): rows whose attempt was
     * interrupted, or whose job went missing, get a new job. A duplicate job is harmless
     * since each attempt claims its row first.
     */
    async sweep(database: Pick<DatabaseHandle, "transaction">, boss: PgBoss): Promise<SweepResult> {
      return database.transaction(async (tx) => {
        const stalled = tx.db
          .select({ id: table.id })
          .from(source)
          .where(
            and(
              eq(table.status, "sending"),
              lt(
                table.lastAttemptAt,
                sql`now() - make_interval(secs => ${STALLED_SENDING_MS / 1000})`,
              ),
            ),
          )
          .limit(SWEEP_BATCH);
        const recovered = (await tx.db
          .update(table)
          .set(
            values({
              status: waitingStatus,
              nextAttemptAt: sql`now()`,
              lastError: sql`'attempt ' || ${table.attempts} || ' was interrupted'`,
            }),
          )
          .where(inArray(table.id, stalled))
          .returning({ id: table.id })) as { id: string }[];
        const overdue = tx.db
          .select({ id: table.id })
          .from(source)
          .where(
            and(
              eq(table.status, waitingStatus),
              lt(table.nextAttemptAt, sql`now() - make_interval(secs => ${LOST_JOB_MS / 1000})`),
            ),
          )
          .limit(SWEEP_BATCH);
        // Made due now so the next sweep waits another minute before queueing it again.
        const requeued = (await tx.db
          .update(table)
          .set(values({ nextAttemptAt: sql`now()` }))
          .where(inArray(table.id, overdue))
          .returning({ id: table.id })) as { id: string }[];
        const ids = [...recovered, ...requeued].map((row) => row.id);
        if (ids.length > 0) {
          await boss.insert(
            ids.map((id) => ({ name: queue, data: jobData(id) })),
            inTransaction(tx),
          );
        }
        return { recovered: recovered.length, requeued: requeued.length };
      });
    },
  };
}
