import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type PgBoss from "pg-boss";
import type { DatabaseHandle, Transaction } from "~/db/client.server";
import { leads, webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { nextRetryDelayMs, shouldGiveUp, type RetryPolicy } from "~/modules/jobs/retry-policy";
import type { Logger } from "~/modules/platform/logger.server";
import { postWebhook, webhookUrl } from "./post.server";
import {
  inTransaction,
  LEAD_CREATED_EVENT,
  LEAD_WEBHOOK_QUEUE,
  leadWebhookPayload,
  type LeadWebhookJob,
} from "./webhooks.server";

/** A delivery still `sending` this long after its attempt began lost its worker. */
export const STALLED_SENDING_MS = 2 * 60_000;
/** A delivery due this long ago without being picked up lost its job. */
export const LOST_JOB_MS = 60_000;
const SWEEP_BATCH = 500;
const MAX_ERROR_LENGTH = 500;

export interface DeliveryContext {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  retryPolicy: RetryPolicy;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: endpoints on loopback and private addresses are served. */
  allowPrivateTargets: boolean;
  /** Aborted when the process stops: an attempt in flight ends at once and is retried. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type DeliveryOutcome = "skipped" | "delivered" | "retry" | "failed";

/**
 * One attempt of one delivery (the lead-webhook job). The delivery is claimed first, so a
 * duplicate or early job, or one for a delivery already done, does nothing.
 */
export async function deliverWebhook(
  context: DeliveryContext,
  deliveryId: string,
): Promise<DeliveryOutcome> {
  const { database, logger } = context;
  const [claimed] = await database.db
    .update(webhookDeliveries)
    .set({
      status: "sending",
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: sql`now()`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
      ),
    )
    .returning({
      attempts: webhookDeliveries.attempts,
      leadId: webhookDeliveries.leadId,
      endpointId: webhookDeliveries.endpointId,
    });
  if (!claimed) return "skipped";

  const attempt = claimed.attempts;
  const logFields = { deliveryId, endpointId: claimed.endpointId, attempt };
  const [lead] = await database.db.select().from(leads).where(eq(leads.id, claimed.leadId));
  const [endpoint] = await database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  // Deleting either deletes the delivery too (cascade); nothing is left to record.
  if (!lead || !endpoint) return "skipped";

  const url = webhookUrl(endpoint.url);
  if (!endpoint.enabled || !url) {
    const reason = endpoint.enabled
      ? "the endpoint URL is not a valid http(s) URL"
      : "the endpoint is disabled";
    await database.db
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: reason })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "sending")));
    logger.warn({ ...logFields, outcome: "failed", reason }, "webhook not sent");
    return "failed";
  }

  const body = JSON.stringify(leadWebhookPayload(lead));
  const result = await postWebhook(
    {
      url,
      event: LEAD_CREATED_EVENT,
      body,
      secret: endpoint.secret,
      idempotencyKey: deliveryId,
      attempt,
    },
    {
      allowPrivateTargets: context.allowPrivateTargets,
      timeoutMs: context.timeoutMs,
      signal: context.signal,
    },
  );
  // An endpoint refused for its address stays refused: like a 4xx, it is not retried.
  const verdict = result.refused ? "permanent" : classify(result.statusCode);

  const { outcome, lastError, nextAttemptAt } = await database.transaction(async (tx) => {
    await tx.db.insert(webhookAttempts).values({
      deliveryId,
      attemptNumber: attempt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
    });
    if (verdict === "delivered") {
      await finish(tx, deliveryId, {
        status: "delivered",
        deliveredAt: sql`now()`,
        lastError: null,
      });
      return { outcome: "delivered" as const, lastError: null, nextAttemptAt: null };
    }
    if (verdict === "permanent") {
      await finish(tx, deliveryId, { status: "failed", lastError: result.error });
      return { outcome: "failed" as const, lastError: result.error, nextAttemptAt: null };
    }
    const firstAttemptAt = await firstAttemptOfRun(tx, deliveryId);
    if (shouldGiveUp(context.retryPolicy, firstAttemptAt)) {
      const gaveUp = clip(`gave up after ${attempt} attempts: ${result.error ?? "no answer"}`);
      await finish(tx, deliveryId, { status: "failed", lastError: gaveUp });
      return { outcome: "failed" as const, lastError: gaveUp, nextAttemptAt: null };
    }
    // The same instant is the delivery's due time and the job's start, so the job never
    // finds the delivery not yet due.
    const due = new Date(Date.now() + nextRetryDelayMs(context.retryPolicy, attempt));
    const updated = await finish(tx, deliveryId, {
      status: "pending",
      nextAttemptAt: due,
      lastError: result.error,
    });
    if (updated) {
      await context.boss.send(LEAD_WEBHOOK_QUEUE, { deliveryId } satisfies LeadWebhookJob, {
        startAfter: due,
        ...inTransaction(tx),
      });
    }
    return { outcome: "retry" as const, lastError: result.error, nextAttemptAt: due };
  });

  const fields = {
    ...logFields,
    host: url.host,
    status: result.statusCode,
    ms: result.durationMs,
    outcome,
    error: lastError ?? undefined,
    nextAttemptAt: nextAttemptAt?.toISOString(),
  };
  if (outcome === "failed") logger.warn(fields, "webhook attempt");
  else logger.info(fields, "webhook attempt");
  return outcome;
}

/** 2xx delivered; 4xx but 408 and 429 will not change by retrying; anything else might. */
function classify(statusCode: number | null): "delivered" | "permanent" | "retry" {
  if (statusCode === null) return "retry";
  if (statusCode >= 200 && statusCode < 300) return "delivered";
  if (statusCode >= 400 && statusCode < 500 && statusCode !== 408 && statusCode !== 429) {
    return "permanent";
  }
  return "retry";
}

const clip = (text: string) =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;

type DeliveryUpdate = PgUpdateSetSource<typeof webhookDeliveries>;

/** Records the outcome of the claimed attempt; false if the delivery is no longer ours. */
async function finish(tx: Transaction, deliveryId: string, values: DeliveryUpdate) {
  const rows = await tx.db
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "sending")))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/**
 * When the current run of attempts began: the latest attempt numbered 1 (a replay starts
 * the numbering over), or the earliest attempt when that one was never recorded.
 */
async function firstAttemptOfRun(tx: Transaction, deliveryId: string): Promise<Date> {
  const [row] = await tx.db
    .select({
      at: sql<Date>`coalesce(max(${webhookAttempts.createdAt}) filter (where ${webhookAttempts.attemptNumber} = 1), min(${webhookAttempts.createdAt}))`.mapWith(
        webhookAttempts.createdAt,
      ),
    })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId));
  return row?.at ?? new Date();
}

export interface SweepResult {
  /** Put back to pending after their attempt was interrupted (process died mid-attempt). */
  recovered: number;
  /** Overdue without having been picked up (their job was lost): queued again. */
  requeued: number;
}

/**
 * The safety net behind the job queue (run every minute): deliveries whose attempt was
 * interrupted, or whose job went missing, get a new job. A duplicate job is harmless since
 * each attempt claims its delivery first.
 */
export async function sweepDeliveries(
  database: Pick<DatabaseHandle, "transaction">,
  boss: PgBoss,
): Promise<SweepResult> {
  return database.transaction(async (tx) => {
    const stalled = tx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, "sending"),
          lt(
            webhookDeliveries.lastAttemptAt,
            sql`now() - make_interval(secs => ${STALLED_SENDING_MS / 1000})`,
          ),
        ),
      )
      .limit(SWEEP_BATCH);
    const recovered = await tx.db
      .update(webhookDeliveries)
      .set({
        status: "pending",
        nextAttemptAt: sql`now()`,
        lastError: sql`'attempt ' || ${webhookDeliveries.attempts} || ' was interrupted'`,
      })
      .where(inArray(webhookDeliveries.id, stalled))
      .returning({ id: webhookDeliveries.id });
    const overdue = tx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lt(
            webhookDeliveries.nextAttemptAt,
            sql`now() - make_interval(secs => ${LOST_JOB_MS / 1000})`,
          ),
        ),
      )
      .limit(SWEEP_BATCH);
    // Made due now so the next sweep waits another minute before queueing it again.
    const requeued = await tx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(webhookDeliveries.id, overdue))
      .returning({ id: webhookDeliveries.id });
    const ids = [...recovered, ...requeued].map((row) => row.id);
    if (ids.length > 0) {
      await boss.insert(
        ids.map((deliveryId) => ({
          name: LEAD_WEBHOOK_QUEUE,
          data: { deliveryId } satisfies LeadWebhookJob,
        })),
        inTransaction(tx),
      );
    }
    return { recovered: recovered.length, requeued: requeued.length };
  });
}
