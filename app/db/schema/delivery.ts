import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { leads } from "./leads";

/** Where new leads are sent (an automation service, a CRM). Editable in the admin settings. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial().primaryKey(),
  url: text().notNull(),
  /** HMAC-SHA256 key for the signature header; null sends unsigned. */
  secret: text(),
  enabled: boolean().notNull().default(true),
  description: text().notNull().default(""),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed";

/** One lead to one endpoint; its id is the Idempotency-Key the receiver sees. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text().$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_lead_endpoint_idx").on(table.leadId, table.endpointId),
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
  ],
);

export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Every attempt, for the admin area's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptNumber: integer().notNull(),
    /** HTTP status, or null when no answer came (refused, timed out). */
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.createdAt)],
);

export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
