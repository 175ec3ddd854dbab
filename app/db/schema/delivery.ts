import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  bigserialId,
  instant,
  instantNow,
  outboxColumns,
  outboxDueIndex,
  randomUuidId,
  serialId,
} from "./columns";
import { leadReference } from "./leads";

/** Where new leads are sent (an automation service, a CRM). Editable in the admin settings. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serialId(),
  url: text().notNull(),
  /** HMAC-SHA256 key for the signature header; null sends unsigned. */
  secret: text(),
  enabled: boolean().notNull().default(true),
  description: text().notNull().default(""),
  createdAt: instantNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed";

/** One lead to one endpoint; its id is the Idempotency-Key the receiver sees. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: randomUuidId(),
    leadId: leadReference(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    ...outboxColumns<DeliveryStatus>("pending"),
    deliveredAt: instant(),
    createdAt: instantNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_lead_endpoint_idx").on(table.leadId, table.endpointId),
    outboxDueIndex("webhook_deliveries_due_idx", table),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Every attempt, for the admin area's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserialId(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptNumber: integer().notNull(),
    /** HTTP status, or null when no answer came (refused, timed out). */
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    createdAt: instantNow(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.createdAt)],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
