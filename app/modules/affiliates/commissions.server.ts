import { and, desc, eq, gte, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  affiliates,
  commissions,
  companySettings,
  leads,
  type Commission,
  type CompanySettings,
} from "~/db/schema";
import type { Actor, SystemActor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { normalizePhone } from "~/modules/leads/phone";
import {
  commissionFor,
  commissionStatusAfter,
  holdEndsAt,
  type CommissionRule,
  type VoidReason,
} from "./commission-rules";

/**
 * Commissions as leads move (docs/REQUIREMENTS.md D8): a lead credited to an approved
 * affiliate that is won with a job value earns a commission under the rule in force, its
 * terms copied onto it; a change of the job's value before payment works it out again;
 * leaving won voids it; a paid one is never changed, a correction is an adjustment line the
 * next payout settles. Self-referrals and duplicates are kept, void, for the admin to see.
 */

/** A lead for the same person within this many days before makes a lead a duplicate. */
export const DUPLICATE_WINDOW_DAYS = 90;

/** The company's default rule, from its settings. */
export function defaultCommissionRule(company: CompanySettings): CommissionRule {
  return {
    flatCents: company.commissionFlatCents,
    percentBasisPoints: company.commissionPercentBasisPoints,
    percentCapCents: company.commissionPercentCapCents,
    combination: company.commissionCombination,
    minJobValueCents: company.commissionMinJobValueCents,
  };
}

export type CommissionChange =
  | { kind: "created"; commission: Commission }
  | { kind: "recalculated"; commission: Commission; fromCents: number }
  | { kind: "voided"; commission: Commission }
  | { kind: "adjusted"; adjustment: Commission };

/**
 * Brings the lead's commission in line with the lead, inside the transaction that changed
 * it (the lead's row is locked there). Answers what changed, if anything; each change is
 * audited under `actor`.
 */
export async function syncLeadCommission(
  db: Database,
  actor: Actor | SystemActor,
  leadId: string,
  now = new Date(),
): Promise<CommissionChange | null> {
  const [lead] = await db
    .select({
      id: leads.id,
      status: leads.status,
      jobValueCents: leads.jobValueCents,
      affiliateId: leads.affiliateId,
      selfReferral: leads.selfReferral,
      email: leads.email,
      phone: leads.phone,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead?.affiliateId) return null;

  const [live] = await db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.leadId, leadId),
        eq(commissions.kind, "commission"),
        ne(commissions.status, "void"),
      ),
    )
    .for("update");
  const won = lead.status === "won" && (lead.jobValueCents ?? 0) > 0;
  const audit = (action: string, commission: Commission, details: Record<string, unknown>) =>
    recordAudit(db, actor, {
      action,
      target: `commission:${commission.id}`,
      details: { leadId, affiliateId: commission.affiliateId, ...details },
      at: now,
    });

  if (!live) {
    if (!won) return null;
    const [affiliate] = await db
      .select({ status: affiliates.status, rule: affiliates.commissionRule })
      .from(affiliates)
      .where(eq(affiliates.id, lead.affiliateId));
    if (affiliate?.status !== "approved") return null;
    const [company] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
    if (!company) return null;
    const rule = affiliate.rule ?? defaultCommissionRule(company);
    const amountCents = commissionFor(rule, lead.jobValueCents!);
    if (amountCents === 0) return null;
    const voidReason: VoidReason | null = lead.selfReferral
      ? "self_referral"
      : (await hasEarlierLeadForSamePerson(db, lead))
        ? "duplicate"
        : null;
    const [created] = await db
      .insert(commissions)
      .values({
        affiliateId: lead.affiliateId,
        leadId,
        status: voidReason ? "void" : "pending",
        amountCents,
        jobValueCents: lead.jobValueCents,
        rule,
        wonAt: now,
        holdEndsAt: holdEndsAt(now, company.commissionHoldDays),
        voidReason,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit("commission.created", created!, {
      amountCents,
      jobValueCents: lead.jobValueCents,
      ...(voidReason ? { status: "void", voidReason } : { status: "pending" }),
    });
    return { kind: "created", commission: created! };
  }

  if (live.status === "paid") {
    // Paid stays paid: the difference is a line the next payout settles.
    const owed = won ? commissionFor(live.rule!, lead.jobValueCents!) : 0;
    const settled = await paidSoFar(db, live);
    if (owed === settled) return null;
    const [adjustment] = await db
      .insert(commissions)
      .values({
        affiliateId: live.affiliateId,
        leadId,
        kind: "adjustment",
        correctsId: live.id,
        status: "approved",
        amountCents: owed - settled,
        jobValueCents: won ? lead.jobValueCents : null,
        approvedAt: now,
        note: won ? "The job's value changed after payment" : "The job left won after payment",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit("commission.adjusted", adjustment!, {
      correctsId: live.id,
      amountCents: owed - settled,
    });
    return { kind: "adjusted", adjustment: adjustment! };
  }

  if (!won) {
    const [voided] = await db
      .update(commissions)
      .set({
        status: commissionStatusAfter(live.status, "void")!,
        voidReason: "job_cancelled",
        updatedAt: now,
      })
      .where(eq(commissions.id, live.id))
      .returning();
    await audit("commission.voided", voided!, { from: live.status, voidReason: "job_cancelled" });
    return { kind: "voided", commission: voided! };
  }

  if (live.jobValueCents === lead.jobValueCents) return null;
  const amountCents = commissionFor(live.rule!, lead.jobValueCents!);
  const [recalculated] = await db
    .update(commissions)
    .set({ amountCents, jobValueCents: lead.jobValueCents, updatedAt: now })
    .where(eq(commissions.id, live.id))
    .returning();
  await audit("commission.recalculated", recalculated!, {
    fromCents: live.amountCents,
    toCents: amountCents,
    jobValueCents: lead.jobValueCents,
  });
  return { kind: "recalculated", commission: recalculated!, fromCents: live.amountCents };
}

/** What the affiliate has been paid, or is owed by adjustments, for a paid commission. */
async function paidSoFar(db: Database, commission: Commission): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::int` })
    .from(commissions)
    .where(
      and(
        eq(commissions.correctsId, commission.id),
        eq(commissions.kind, "adjustment"),
        ne(commissions.status, "void"),
      ),
    );
  return commission.amountCents + Number(row?.total ?? 0);
}

/** An earlier lead (by anyone) for the same e-mail or phone within the duplicate window. */
async function hasEarlierLeadForSamePerson(
  db: Database,
  lead: { id: string; email: string; phone: string; createdAt: Date },
): Promise<boolean> {
  const since = new Date(lead.createdAt.getTime() - DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const phone = normalizePhone(lead.phone).e164 ?? lead.phone;
  const [earlier] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        ne(leads.id, lead.id),
        gte(leads.createdAt, since),
        lt(leads.createdAt, lead.createdAt),
        or(sql`lower(${leads.email}) = lower(${lead.email})`, eq(leads.phone, phone)),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return Boolean(earlier);
}

/**
 * The hold job: commissions whose hold has ended become approved (payable). Run every
 * minute; answers how many it approved, each audited as the system's doing.
 */
export async function approveDueCommissions(db: Database, now = new Date()): Promise<Commission[]> {
  const approved = await db
    .update(commissions)
    .set({ status: "approved", approvedAt: now, updatedAt: now })
    .where(and(eq(commissions.status, "pending"), lte(commissions.holdEndsAt, now)))
    .returning();
  for (const commission of approved) {
    await recordAudit(
      db,
      { id: null, email: "system", ip: null },
      {
        action: "commission.approved",
        target: `commission:${commission.id}`,
        details: { affiliateId: commission.affiliateId, amountCents: commission.amountCents },
        at: now,
      },
    );
  }
  return approved;
}
