import { and, eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { webhookDeliveries } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/platform/patterns";
import { replayDelivery, type listDeliveriesForLead } from "~/modules/webhooks/webhooks.server";

/** A lead's webhook deliveries as its page shows them, and sending one again. */

export interface DeliveryLogEntry {
  id: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  /** Host and path only: receivers often carry a token in the query string. */
  endpoint: { id: number; address: string; description: string };
  attemptLog: {
    id: number;
    attemptNumber: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    createdAt: Date;
  }[];
}

function endpointAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(invalid address)";
  }
}

type StoredDelivery = Awaited<ReturnType<typeof listDeliveriesForLead>>[number];

export function deliveryLogEntry(delivery: StoredDelivery): DeliveryLogEntry {
  return {
    id: delivery.id,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt,
    lastAttemptAt: delivery.lastAttemptAt,
    deliveredAt: delivery.deliveredAt,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt,
    endpoint: {
      id: delivery.endpoint.id,
      address: endpointAddress(delivery.endpoint.url),
      description: delivery.endpoint.description,
    },
    attemptLog: delivery.attemptLog.map((attempt) => ({
      id: attempt.id,
      attemptNumber: attempt.attemptNumber,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      createdAt: attempt.createdAt,
    })),
  };
}

/**
 * Sends one of this lead's deliveries again. "busy" when it is still pending or being sent
 * (it will go out anyway).
 */
export async function replayLeadDelivery(
  database: DatabaseHandle,
  boss: PgBoss,
  actor: Actor,
  leadId: string,
  deliveryId: string,
): Promise<"replayed" | "busy" | "not_found"> {
  if (!isUuid(leadId) || !isUuid(deliveryId)) return "not_found";
  const [delivery] = await database.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.leadId, leadId)));
  if (!delivery) return "not_found";
  if (!(await replayDelivery(database, boss, deliveryId))) return "busy";
  await recordAudit(database.db, actor, {
    action: "lead.webhook_replay",
    target: `lead:${leadId}`,
    details: { deliveryId },
  });
  return "replayed";
}
