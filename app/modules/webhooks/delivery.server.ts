import { eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
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
  const [lead] = await database.db.select().from(leads).where(eq(leads.id, claimed.leadId));
  const [endpoint] = await database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  // Deleting either deletes the delivery too (cascade); nothing is left to record.
  if (!lead || !endpoint) return "skipped";

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

  const { outcome, lastError, nextAttemptAt } = await database.transaction(async (tx) => {
    await tx.db.insert(webhookAttempts).values({
      deliveryId,
      attemptNumber: attempt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
    });
    if (verdict === "delivered") {
      await webhookOutbox.finish(tx.db, deliveryId, {
        status: "delivered",
        deliveredAt: sql`now()`,
        lastError: null,
      });
      return { outcome: "delivered" as const, lastError: null, nextAttemptAt: null };
    }
    if (verdict === "permanent") {
      await webhookOutbox.finish(tx.db, deliveryId, { status: "failed", lastError: result.error });
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
