import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  affiliateAccounts,
  affiliateCodes,
  affiliateEvents,
  affiliates,
  affiliateUsers,
} from "~/db/schema";
import type { AffiliateStatus } from "./affiliate-rules";

/**
 * An affiliate's record and the rows that go with it (docs/REQUIREMENTS.md R3.12): the
 * sign-in account it shares its id with, the codes its links carry, and its event log.
 */

export interface NewAffiliate {
  name: string;
  /** Lower-cased here. */
  email: string;
  code: string;
  status: AffiliateStatus;
  phone?: string | null;
  company?: string | null;
  howTheyKnow?: string | null;
  /** A password hash (Better Auth's); without one they sign in after an invitation link. */
  passwordHash?: string;
  now?: Date;
}

/**
 * Inserts an affiliate with its account (and password, if given) and its first code. Run
 * it inside a transaction: the rows are one affiliate. Answers its id, or undefined when
 * the e-mail or the code is already taken (nothing is written then).
 */
export async function insertAffiliate(
  db: Database,
  input: NewAffiliate,
): Promise<string | undefined> {
  const email = input.email.trim().toLowerCase();
  const now = input.now ?? new Date();
  if (!(await isCodeFree(db, input.code))) return undefined;
  const [user] = await db
    .insert(affiliateUsers)
    .values({ id: randomUUID(), name: input.name, email, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: affiliateUsers.id });
  if (!user) return undefined;
  if (input.passwordHash) {
    await db.insert(affiliateAccounts).values({
      id: randomUUID(),
      accountId: user.id,
      providerId: "credential",
      userId: user.id,
      password: input.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  await db.insert(affiliates).values({
    id: user.id,
    code: input.code,
    name: input.name,
    email,
    phone: input.phone ?? null,
    company: input.company ?? null,
    howTheyKnow: input.howTheyKnow ?? null,
    status: input.status,
    approvedAt: input.status === "approved" ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insert(affiliateCodes)
    .values({ code: input.code, affiliateId: user.id, createdAt: now });
  return user.id;
}

/** No affiliate has (or had) this code, whatever its case. */
export async function isCodeFree(db: Database, code: string): Promise<boolean> {
  const [taken] = await db
    .select({ code: affiliateCodes.code })
    .from(affiliateCodes)
    .where(sql`lower(${affiliateCodes.code}) = lower(${code})`)
    .limit(1);
  return !taken;
}

/** The affiliate a code (theirs now or earlier, any case) belongs to, with their status. */
export async function findAffiliateByCode(
  db: Database,
  code: string,
): Promise<
  { id: string; status: AffiliateStatus; email: string; phone: string | null } | undefined
> {
  const [row] = await db
    .select({
      id: affiliates.id,
      status: affiliates.status,
      email: affiliates.email,
      phone: affiliates.phone,
    })
    .from(affiliateCodes)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCodes.affiliateId))
    .where(sql`lower(${affiliateCodes.code}) = lower(${code})`)
    .limit(1);
  return row;
}

/** The affiliate with this e-mail address, if any. */
export async function findAffiliateByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(affiliates)
    .where(eq(affiliates.email, email.trim().toLowerCase()));
  return row;
}

/** The affiliate event types (R7.6 and the programme's own). */
export type AffiliateEventType =
  | "login_success"
  | "login_failed"
  | "logout"
  | "two_factor_success"
  | "two_factor_failed"
  | "password_reset_requested"
  | "password_reset"
  | "password_changed"
  | "two_factor_enabled"
  | "two_factor_removed"
  | "applied"
  | "invited"
  | "status_changed"
  | "code_changed"
  | "two_factor_reset"
  | "profile_updated";

/** Appends to an affiliate's event log (also for an e-mail that names nobody: affiliateId null). */
export async function recordAffiliateEvent(
  db: Database,
  event: {
    affiliateId: string | null;
    eventType: AffiliateEventType;
    details?: Record<string, unknown>;
    at?: Date;
  },
): Promise<void> {
  await db.insert(affiliateEvents).values({
    affiliateId: event.affiliateId,
    eventType: event.eventType,
    details: event.details ?? {},
    createdAt: event.at ?? new Date(),
  });
}
