import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AffiliateStatus } from "../../modules/affiliates/affiliate-rules";
import type { CommissionRule } from "../../modules/affiliates/commission-rules";
import { betterAuthTables } from "./auth-tables";
import { instant, instantNow, timestamps } from "./columns";

/**
 * The affiliate programme (docs/REQUIREMENTS.md R1.6, R3.12, R3.13): affiliates' sign-in
 * accounts, kept apart from the staff's (docs/decisions/011-affiliate-accounts.md), each
 * affiliate's record with the same id, the codes their links carry, and their events.
 */

/** A row that belongs to one affiliate account: gone with the account. */
const affiliateUserReference = () =>
  uuid()
    .notNull()
    .references(() => affiliateUsers.id, { onDelete: "cascade" });

/** Affiliates' sign-in accounts, in the shape Better Auth (with two-factor) reads and writes. */
export const affiliateUsers = pgTable("affiliate_users", {
  id: uuid().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  twoFactorEnabled: boolean().default(false),
  ...timestamps(),
});

/** Affiliates' sessions, sign-in accounts, one-time tokens and authenticators. */
export const {
  sessions: affiliateSessions,
  accounts: affiliateAccounts,
  verifications: affiliateVerifications,
  twoFactors: affiliateTwoFactors,
} = betterAuthTables("affiliate_", affiliateUserReference, {
  /**
   * R6.4: aal1 after the password, aal2 once an authenticator's code was verified in this
   * session. Set by us (Better Auth's rows start at the default).
   */
  assuranceLevel: text().$type<"aal1" | "aal2">().notNull().default("aal1"),
});

/** Referrers who send customers: the affiliate record, with the id of their account. */
export const affiliates = pgTable(
  "affiliates",
  {
    id: uuid()
      .primaryKey()
      .references(() => affiliateUsers.id, { onDelete: "cascade" }),
    /** The code in their links now (?aff=...), R5.1; earlier codes are in affiliate_codes. */
    code: text().notNull(),
    name: text().notNull(),
    /** Lower case; the same as their account's. */
    email: text().notNull().unique(),
    phone: text(),
    company: text(),
    /** What the application said about how they know customers. */
    howTheyKnow: text(),
    status: text().$type<AffiliateStatus>().notNull().default("pending"),
    /** The admin's reason for the last status change. */
    statusReason: text(),
    /** How they want to be paid (free text: bank, check payee, ...). */
    payoutDetails: text(),
    /** Their own commission rule, in place of the company's default; null for the default. */
    commissionRule: jsonb().$type<CommissionRule>(),
    /** R3.12: set when their profile loads in the portal. */
    lastLoginAt: instant(),
    approvedAt: instant(),
    ...timestamps(),
  },
  (table) => [uniqueIndex("affiliates_code_idx").on(sql`lower(${table.code})`)],
);

export type Affiliate = typeof affiliates.$inferSelect;

/**
 * Every code an affiliate's links have carried, the current one included: a code once
 * given stays theirs, so old links keep crediting them and nobody else can take it.
 * Codes match whatever their case.
 */
export const affiliateCodes = pgTable(
  "affiliate_codes",
  {
    code: text().notNull(),
    affiliateId: affiliateUserReference(),
    createdAt: instantNow(),
  },
  (table) => [uniqueIndex("affiliate_codes_code_idx").on(sql`lower(${table.code})`)],
);

/** What happened to an affiliate's sign-in (R7.6): login_success, login_failed, logout, ... */
export const affiliateEvents = pgTable(
  "affiliate_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** null when the e-mail belonged to no affiliate. */
    affiliateId: uuid().references(() => affiliateUsers.id, { onDelete: "cascade" }),
    eventType: text().notNull(),
    details: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: instantNow(),
  },
  (table) => [index("affiliate_events_affiliate_idx").on(table.affiliateId, table.createdAt)],
);
