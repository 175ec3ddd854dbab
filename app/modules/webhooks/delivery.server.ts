import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { leads, webhookAttempts, webhookEndpoints, type WebhookDelivery } from "~/db/schema";
import {
  logAttempt,
  type AttemptOutcome,
  type OutboxContext,
} from "~/modules/outbox/outbox.server";
import { INVALID_WEBHOOK_URL, postWebhook, webhookUrl } from "./post.server";
import { LEAD_CREATED_EVENT, leadWebhookPayload, webhookOutbox } from "./webhooks.server";

export interface DeliveryContext extends OutboxContext {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: endpoints on loopback and private addresses are served. */
  allowPrivateTargets: boolean;
  /** Aborted when the process stops: an attempt in flight ends at once and is retried. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One attempt of one delivery its lead-webhook job has claimed. */
export async function deliverClaimedWebhook(
  context: DeliveryContext,
  claimed: WebhookDelivery,
): Promise<AttemptOutcome<"skipped" | "delivered">> {
  const { database, logger } = context;
  const deliveryId = claimed.id;
  const attempt = claimed.attempts;
  const logFields = { deliveryId, endpointId: claimed.endpointId, attempt };
  const [found] = await database.db
    .select({ lead: leads, endpoint: webhookEndpoints })
    .from(leads)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
    .where(eq(leads.id, claimed.leadId));
  // Deleting either deletes the delivery too (cascade); nothing is left to record.
  if (!found) return "skipped";
  const { lead, endpoint } = found;

  const url = webhookUrl(endpoint.url);
  if (!endpoint.enabled || !url) {
    const reason = endpoint.enabled ? INVALID_WEBHOOK_URL : "the endpoint is disabled";
    await webhookOutbox.finish(database.db, deliveryId, { status: "failed", lastError: reason });
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

  const attemptRow = {
    deliveryId,
    attemptNumber: attempt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
  };
  const { outcome, lastError, nextAttemptAt } =
    verdict === "delivered"
      ? await recordDelivered(database.db, attemptRow)
      : await database.transaction(async (tx) => {
          await tx.db.insert(webhookAttempts).values(attemptRow);
          if (verdict === "permanent") {
            await webhookOutbox.finish(tx.db, deliveryId, {
              status: "failed",
              lastError: result.error,
            });
            return { outcome: "failed" as const, lastError: result.error, nextAttemptAt: null };
          }
          return webhookOutbox.retryOrGiveUp(tx, context.boss, context.retryPolicy, {
            id: deliveryId,
            attempts: attempt,
            firstAttemptAt: await firstAttemptOfRun(tx, deliveryId),
            error: result.error ?? "no answer",
          });
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
  logAttempt(logger, fields, "webhook attempt");
  return outcome;
}

/**
 * Records a delivered attempt and its delivery in one statement: atomic as a transaction
 * would make them, in one round trip instead of four (docs/decisions/018).
 */
async function recordDelivered(
  db: Database,
  attemptRow: typeof webhookAttempts.$inferInsert,
): Promise<{ outcome: "delivered"; lastError: null; nextAttemptAt: null }> {
  const delivered = webhookOutbox.finishStatement(db, attemptRow.deliveryId, {
    status: "delivered",
    deliveredAt: sql`now()`,
    lastError: null,
  });
  const recorded = db.insert(webhookAttempts).values(attemptRow);
  // As SQL, not as query builders: Drizzle would put a builder in parentheses.
  await db.execute(sql`with recorded as (${recorded.getSQL()}) ${delivered.getSQL()}`);
  return { outcome: "delivered", lastError: null, nextAttemptAt: null };
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
