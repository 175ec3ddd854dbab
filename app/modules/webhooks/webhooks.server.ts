import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type Lead,
  type WebhookAttempt,
  type WebhookDelivery,
} from "~/db/schema";
import { TRACKING_PARAMS } from "~/modules/attribution/tracking";
import { createOutbox } from "~/modules/outbox/outbox.server";

/** The pg-boss queue of lead deliveries: one job per attempt of one delivery. */
export const LEAD_WEBHOOK_QUEUE = "lead-webhook";

/** The X-Lumen-Event of a new lead. */
export const LEAD_CREATED_EVENT = "lead.created";

/** Lead deliveries as a kind of outbox: pending, sending, then delivered or failed. */
export const webhookOutbox = createOutbox({
  table: webhookDeliveries,
  queue: LEAD_WEBHOOK_QUEUE,
  jobKey: "deliveryId",
});

/**
 * Queues new leads for every enabled endpoint, inside the transaction that stores them:
 * the deliveries and their jobs are committed (or rolled back) with them, so a stored lead
 * is never left without its deliveries. Returns how many deliveries were queued.
 */
export async function enqueueLeadDeliveries(
  tx: Transaction,
  boss: PgBoss,
  leadIds: string[],
): Promise<number> {
  if (leadIds.length === 0) return 0;
  const endpoints = await tx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true))
    .orderBy(asc(webhookEndpoints.id));
  const queued = await webhookOutbox.enqueue(
    tx,
    boss,
    leadIds.flatMap((leadId) => endpoints.map((endpoint) => ({ leadId, endpointId: endpoint.id }))),
  );
  return queued.length;
}

export type LeadWebhookPayload = Record<string, string | boolean | null>;

/**
 * The lead as the receiver gets it (docs/REQUIREMENTS.md R3.1, R7.1): the form's fields,
 * every tracking parameter the lead carries (at the top level), and affiliate_code. Absent
 * optional fields are null.
 */
export function leadWebhookPayload(lead: Lead): LeadWebhookPayload {
  const payload: LeadWebhookPayload = {
    leadId: lead.id,
    createdAt: new Date(lead.createdAt).toISOString(),
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    service: lead.service,
    projectType: lead.projectType ?? null,
    source: lead.source,
    referralName: lead.referralName ?? null,
    otherSource: lead.otherSource ?? null,
    agreeToContact: lead.agreeToContact,
    agreeToAllPresent: lead.agreeToAllPresent,
  };
  const tracking: Record<string, string | undefined> = lead.tracking;
  for (const name of TRACKING_PARAMS) {
    const value = tracking[name];
    // The visitor's own answer (the form's source) wins over the URL parameter of that name,
    // and affiliate_code is the attributed code set below.
    if (typeof value !== "string" || name in payload || name === "affiliate_code") continue;
    payload[name] = value;
  }
  payload.affiliate_code = lead.affiliateCode ?? null;
  return payload;
}

/** Held while an instance adds the configured endpoint (see below). */
const SEED_ENDPOINT_LOCK_ID = 7_310_042_003;

/**
 * Adds the endpoint named by LEAD_WEBHOOK_URL when no endpoint has that URL yet, so a
 * configured receiver gets leads from the first start on. Returns true if it added one.
 * Instances starting together take turns: two added endpoints would send every lead twice.
 */
export async function seedWebhookEndpointFromConfig(
  database: Pick<DatabaseHandle, "transaction">,
  config: { url: string | undefined; secret: string | undefined },
): Promise<boolean> {
  const { url } = config;
  if (!url) return false;
  return database.transaction(async (tx) => {
    await tx.executeSql("select pg_advisory_xact_lock($1)", [SEED_ENDPOINT_LOCK_ID]);
    const [existing] = await tx.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, url))
      .limit(1);
    if (existing) return false;
    await tx.db.insert(webhookEndpoints).values({
      url,
      secret: config.secret ?? null,
      enabled: true,
      description: "LEAD_WEBHOOK_URL",
    });
    return true;
  });
}

/**
 * Sends a delivered or failed delivery again, now. The attempt count starts over, so the
 * backoff and the give-up age count from the replay; the earlier attempts stay in the log.
 * Returns false when the delivery does not exist or is still pending or being sent.
 */
export async function replayDelivery(
  database: Pick<DatabaseHandle, "transaction">,
  boss: PgBoss,
  deliveryId: string,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [reset] = await tx.db
      .update(webhookDeliveries)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lastError: null,
        deliveredAt: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          inArray(webhookDeliveries.status, ["delivered", "failed"]),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!reset) return false;
    await webhookOutbox.queueAttempt(tx, boss, reset.id);
    return true;
  });
}

export interface DeliveryWithAttempts extends WebhookDelivery {
  endpoint: { id: number; url: string; description: string };
  /** Every attempt, newest first. */
  attemptLog: WebhookAttempt[];
}

/** A lead's deliveries with their attempts, newest first (the admin area's delivery log). */
export async function listDeliveriesForLead(
  db: Database,
  leadId: string,
): Promise<DeliveryWithAttempts[]> {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      endpoint: {
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        description: webhookEndpoints.description,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.leadId, leadId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((row) => row.delivery.id),
      ),
    )
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id));
  return rows.map(({ delivery, endpoint }) => ({
    ...delivery,
    endpoint,
    attemptLog: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
  }));
}
