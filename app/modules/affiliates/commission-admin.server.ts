import { and, desc, eq } from "drizzle-orm";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import { affiliates, commissions, companySettings, leads, type CommissionKind } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/platform/patterns";
import { DETAIL_COMMISSIONS_SHOWN } from "./affiliate-admin.schema";
import {
  commissionStatusAfter,
  type CommissionRule,
  type CommissionStatus,
  type VoidReason,
} from "./commission-rules";
import { defaultCommissionRule } from "./commissions.server";

/**
 * An affiliate's commissions as admins see and correct them (docs/REQUIREMENTS.md D8,
 * R6.2): the rule they earn under, their commission lines, an admin's void and an
 * adjustment line. Each change is audited in the transaction that makes it.
 */

export const COMMISSION_ADMIN_MESSAGES = {
  affiliateNotFound: "That affiliate no longer exists.",
  commissionNotFound: "That commission is not one of this affiliate's. Reload the page.",
  voidRefused: (status: CommissionStatus) =>
    status === "paid"
      ? "This commission is paid, so it cannot be voided: add an adjustment that takes the amount back instead."
      : "This commission is already void.",
} as const;

type Handle = Pick<DatabaseHandle, "db" | "transaction">;
type Field = "form" | "note";
const refused = (errors: Partial<Record<Field, string>>) => ({ ok: false as const, errors });

/** What a change answers: done (or nothing to do), or why not, by field. */
export type CommissionAdminOutcome =
  { ok: true; changed: boolean } | { ok: false; errors: Partial<Record<Field, string>> };

export interface CommissionLine {
  id: string;
  createdAt: Date;
  kind: CommissionKind;
  status: CommissionStatus;
  amountCents: number;
  jobValueCents: number | null;
  voidReason: VoidReason | null;
  note: string | null;
  leadId: string | null;
  leadFirstName: string | null;
  leadLastName: string | null;
}

export interface AffiliateCommissions {
  /** Their own rule; null when they earn under the default. */
  ownRule: CommissionRule | null;
  defaultRule: CommissionRule;
  lines: CommissionLine[];
}

/** The rule panel and the commissions panel of an affiliate's page. */
export async function affiliateCommissions(
  db: Database,
  affiliateId: string,
): Promise<AffiliateCommissions | undefined> {
  if (!isUuid(affiliateId)) return undefined;
  const [[affiliate], [company], lines] = await Promise.all([
    db
      .select({ rule: affiliates.commissionRule })
      .from(affiliates)
      .where(eq(affiliates.id, affiliateId)),
    db.select().from(companySettings).where(eq(companySettings.id, 1)),
    db
      .select({
        id: commissions.id,
        createdAt: commissions.createdAt,
        kind: commissions.kind,
        status: commissions.status,
        amountCents: commissions.amountCents,
        jobValueCents: commissions.jobValueCents,
        voidReason: commissions.voidReason,
        note: commissions.note,
        leadId: commissions.leadId,
        leadFirstName: leads.firstName,
        leadLastName: leads.lastName,
      })
      .from(commissions)
      .leftJoin(leads, eq(leads.id, commissions.leadId))
      .where(eq(commissions.affiliateId, affiliateId))
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(DETAIL_COMMISSIONS_SHOWN),
  ]);
  if (!affiliate || !company) return undefined;
  return { ownRule: affiliate.rule, defaultRule: defaultCommissionRule(company), lines };
}

/** Rules compared term by term (jsonb keeps its keys in an order of its own). */
function sameRule(a: CommissionRule | null, b: CommissionRule | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.flatCents === b.flatCents &&
    a.percentBasisPoints === b.percentBasisPoints &&
    a.percentCapCents === b.percentCapCents &&
    a.combination === b.combination &&
    a.minJobValueCents === b.minJobValueCents
  );
}

async function lockAffiliate(tx: Transaction, affiliateId: string) {
  if (!isUuid(affiliateId)) return undefined;
  const [row] = await tx.db
    .select({ id: affiliates.id, email: affiliates.email, rule: affiliates.commissionRule })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId))
    .for("update");
  return row;
}

/**
 * Gives the affiliate a rule of their own, or (null) returns them to the default. Only
 * jobs won afterwards earn under it: a commission keeps the terms it was made with.
 */
export async function setAffiliateCommissionRule(
  database: Handle,
  actor: Actor,
  affiliateId: string,
  rule: CommissionRule | null,
  now = new Date(),
): Promise<CommissionAdminOutcome> {
  return database.transaction(async (tx) => {
    const target = await lockAffiliate(tx, affiliateId);
    if (!target) return refused({ form: COMMISSION_ADMIN_MESSAGES.affiliateNotFound });
    if (sameRule(target.rule, rule)) return { ok: true, changed: false };
    await tx.db
      .update(affiliates)
      .set({ commissionRule: rule, updatedAt: now })
      .where(eq(affiliates.id, affiliateId));
    await recordAudit(tx.db, actor, {
      action: "affiliate.commission_rule",
      target: `affiliate:${affiliateId}`,
      details: { email: target.email, from: target.rule, to: rule },
      at: now,
    });
    return { ok: true, changed: true };
  });
}

/**
 * An admin's void of a pending or approved commission line (R6.2): it never earns, and
 * the admin's note says why. A paid one is refused: a correction is an adjustment.
 */
export async function voidCommissionByAdmin(
  database: Handle,
  actor: Actor,
  input: { affiliateId: string; commissionId: string; note: string },
  now = new Date(),
): Promise<CommissionAdminOutcome> {
  const note = input.note.trim();
  if (!note) return refused({ note: "Say why: the affiliate's commissions keep it." });
  if (!isUuid(input.commissionId) || !isUuid(input.affiliateId)) {
    return refused({ form: COMMISSION_ADMIN_MESSAGES.commissionNotFound });
  }
  return database.transaction(async (tx) => {
    const [commission] = await tx.db
      .select()
      .from(commissions)
      .where(
        and(eq(commissions.id, input.commissionId), eq(commissions.affiliateId, input.affiliateId)),
      )
      .for("update");
    if (!commission) return refused({ form: COMMISSION_ADMIN_MESSAGES.commissionNotFound });
    const to = commissionStatusAfter(commission.status, "void");
    if (!to) return refused({ form: COMMISSION_ADMIN_MESSAGES.voidRefused(commission.status) });
    await tx.db
      .update(commissions)
      .set({ status: to, voidReason: "admin", note, updatedAt: now })
      .where(eq(commissions.id, commission.id));
    await recordAudit(tx.db, actor, {
      action: "commission.voided",
      target: `commission:${commission.id}`,
      details: {
        affiliateId: commission.affiliateId,
        leadId: commission.leadId,
        from: commission.status,
        voidReason: "admin",
        note,
        amountCents: commission.amountCents,
      },
      at: now,
    });
    return { ok: true, changed: true };
  });
}

/**
 * An adjustment line an admin adds (a bonus, or money taken back): approved at once, so
 * the next payout settles it.
 */
export async function addCommissionAdjustment(
  database: Handle,
  actor: Actor,
  input: { affiliateId: string; amountCents: number; note: string },
  now = new Date(),
): Promise<CommissionAdminOutcome & { commissionId?: string }> {
  const note = input.note.trim();
  if (!note) return refused({ note: "Say why: the affiliate's commissions keep it." });
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) {
    return refused({ form: "Enter an amount other than $0." });
  }
  return database.transaction(async (tx) => {
    const target = await lockAffiliate(tx, input.affiliateId);
    if (!target) return refused({ form: COMMISSION_ADMIN_MESSAGES.affiliateNotFound });
    const [adjustment] = await tx.db
      .insert(commissions)
      .values({
        affiliateId: target.id,
        kind: "adjustment",
        status: "approved",
        amountCents: input.amountCents,
        approvedAt: now,
        note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: commissions.id });
    await recordAudit(tx.db, actor, {
      action: "commission.adjusted",
      target: `commission:${adjustment!.id}`,
      details: { affiliateId: target.id, amountCents: input.amountCents, note },
      at: now,
    });
    return { ok: true, changed: true, commissionId: adjustment!.id };
  });
}
