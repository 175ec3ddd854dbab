import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bigserialId, instant, instantNow } from "./columns";
import { staffReference } from "./auth";

/** Who signs in: staff to the admin area, affiliates to their portal. */
export type SignInRealm = "staff" | "affiliate";

/**
 * Every sign-in attempt, to the staff area or the affiliate portal, kept 24 hours
 * (docs/REQUIREMENTS.md R9.3). Each realm's accounts lock apart; the per-address limit
 * counts both.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserialId(),
    realm: text().$type<SignInRealm>().notNull().default("staff"),
    /** Lower-cased as typed; it may belong to no one. */
    email: text().notNull(),
    ipAddress: text(),
    userAgent: text(),
    success: boolean().notNull(),
    /** Why it failed: password, honeypot, locked, rate_limited, two_factor, disabled, error. */
    reason: text(),
    createdAt: instantNow(),
  },
  (table) => [
    index("login_attempts_email_idx").on(table.realm, table.email, table.createdAt),
    index("login_attempts_ip_idx").on(table.ipAddress, table.createdAt),
  ],
);

/** An e-mail address of a realm locked out after repeated failures, until lockedUntil. */
export const loginLockouts = pgTable(
  "login_lockouts",
  {
    realm: text().$type<SignInRealm>().notNull().default("staff"),
    email: text().notNull(),
    lockedUntil: instant().notNull(),
    createdAt: instantNow(),
  },
  (table) => [primaryKey({ columns: [table.realm, table.email] })],
);

/** Who did what, when and from where, for the admin area's audit log. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserialId(),
    /** null for anonymous events (failed sign-ins). */
    actorId: staffReference(),
    /** Kept as it was, so the log still reads after an account is removed. */
    actorEmail: text(),
    /** e.g. sign_in, sign_in_failed, settings.update, lead.status, leads.export, staff.role */
    action: text().notNull(),
    /** What it was done to, e.g. "lead:<id>", "user:<id>", "settings". */
    target: text(),
    details: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ipAddress: text(),
    createdAt: instantNow(),
  },
  (table) => [
    index("audit_events_created_at_idx").on(table.createdAt),
    index("audit_events_action_idx").on(table.action, table.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
