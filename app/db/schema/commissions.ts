import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type {
  CommissionRule,
  CommissionStatus,
  PayoutMethod,
  VoidReason,
} from "../../modules/affiliates/commission-rules";
import { affiliates } from "./affiliates";
import { staffReference } from "./auth";
import { instant, randomUuidId, timestamps } from "./columns";
import { leads } from "./leads";

/**
 * What affiliates earn and are paid (docs/REQUIREMENTS.md D8): a commission per won job
 * credited to them (its rule's terms copied onto it), adjustment lines that correct a paid
 * one, and payouts that settle them. Money is integer cents everywhere.
 */

export type CommissionKind = "commission" | "adjustment";

export const commissions = pgTable(
  "commissions",
  {
    id: randomUuidId(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    /** The won lead it is for (an adjustment names the lead its commission was for). */
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    kind: text().$type<CommissionKind>().notNull().default("commission"),
    /** An adjustment's commission: the paid one it corrects. */
    correctsId: uuid(),
    status: text().$type<CommissionStatus>().notNull(),
    /** Positive for a commission; an adjustment may be negative. */
    amountCents: integer().notNull(),
    /** The job's value it was worked out from. */
    jobValueCents: integer(),
    /** The rule's terms when it was made: later rule changes do not touch it. */
    rule: jsonb().$type<CommissionRule>(),
    wonAt: instant(),
    /** When the hold ends and the hold job may approve it. */
    holdEndsAt: instant(),
    approvedAt: instant(),
    paidAt: instant(),
    payoutId: uuid().references(() => payouts.id, { onDelete: "set null" }),
    voidReason: text().$type<VoidReason>(),
    /** The admin's words for a void or an adjustment. */
    note: text(),
    ...timestamps(),
  },
  (table) => [
    index("commissions_affiliate_idx").on(table.affiliateId, table.createdAt),
    index("commissions_due_idx").on(table.status, table.holdEndsAt),
    // One live commission per lead; voided ones and adjustments are kept beside it.
    uniqueIndex("commissions_live_lead_idx")
      .on(table.leadId)
      .where(sql`${table.kind} = 'commission' and ${table.status} <> 'void'`),
  ],
);

export type Commission = typeof commissions.$inferSelect;

export { PAYOUT_METHODS, type PayoutMethod } from "../../modules/affiliates/commission-rules";

/** A payment to an affiliate that settles some of their approved commissions. */
export const payouts = pgTable(
  "payouts",
  {
    id: randomUuidId(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    method: text().$type<PayoutMethod>().notNull(),
    reference: text(),
    paidOn: date({ mode: "string" }).notNull(),
    status: text().$type<"recorded" | "void">().notNull().default("recorded"),
    voidReason: text(),
    /** The form's one-time key: a double submit records one payout. */
    requestKey: text().notNull().unique(),
    recordedBy: staffReference(),
    ...timestamps(),
  },
  (table) => [index("payouts_affiliate_idx").on(table.affiliateId, table.paidOn)],
);

export type Payout = typeof payouts.$inferSelect;
