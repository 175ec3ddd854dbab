import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseHandle, Database } from "~/db/client.server";
import {
  affiliates,
  commissions,
  companySettings,
  payouts,
  type Payout,
  type PayoutMethod,
} from "~/db/schema";
import type PgBoss from "pg-boss";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { commissionStatusAfter, PAYOUT_METHOD_LABELS } from "./commission-rules";

/**
 * Payouts (docs/REQUIREMENTS.md D8): a payment to an affiliate settles some of their approved
 * commission lines (the approved total or a part of it, never more, never below the
 * minimum payout); the form's one-time key makes a double submit one payout, even when the
 * two requests race. A payout voided with a reason returns its lines to approved.
 */

export interface PayoutDeps {
  database: DatabaseHandle;
  boss: PgBoss;
  publicUrl: URL;
}

export const PAYOUT_MESSAGES = {
  chooseLines: "Choose the commissions this payout settles.",
  notPayable:
    "Some of the chosen commissions are no longer waiting to be paid (paid or voided meanwhile). Look at the list again.",
  nothingOwed: "The chosen lines add up to nothing to pay.",
  belowMinimum: "A payout starts at {minimum} (the minimum payout in settings).",
  moreThanOwed:
    "The chosen lines come to more than the affiliate is owed in all ({owed}): choose their negative adjustments too.",
  notFound: "That payout does not exist.",
  alreadyVoid: "That payout is already void.",
} as const;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Affiliates who are owed something now: their approved lines' total and count. */
export async function affiliatesOwed(db: Database) {
  return db
    .select({
      affiliateId: affiliates.id,
      name: affiliates.name,
      email: affiliates.email,
      code: affiliates.code,
      payoutDetails: affiliates.payoutDetails,
      owedCents: sql<number>`sum(${commissions.amountCents})::int`,
      lines: sql<number>`count(*)::int`,
    })
    .from(commissions)
    .innerJoin(affiliates, eq(affiliates.id, commissions.affiliateId))
    .where(eq(commissions.status, "approved"))
    .groupBy(affiliates.id)
    .having(sql`sum(${commissions.amountCents}) > 0`)
    .orderBy(desc(sql`sum(${commissions.amountCents})`));
}

/** One affiliate's approved lines, oldest first: what a payout to them may settle. */
export async function payableLines(db: Database, affiliateId: string) {
  return db
    .select()
    .from(commissions)
    .where(and(eq(commissions.affiliateId, affiliateId), eq(commissions.status, "approved")))
    .orderBy(asc(commissions.approvedAt), asc(commissions.createdAt));
}

export interface PayoutInput {
  /** The form's one-time key: the same key records one payout. */
  requestKey: string;
  affiliateId: string;
  /** The approved lines it settles; its amount is their total. */
  commissionIds: string[];
  method: PayoutMethod;
  reference: string;
  /** YYYY-MM-DD. */
  paidOn: string;
}

export type PayoutOutcome =
  { ok: true; payout: Payout; repeated: boolean } | { ok: false; error: string };

/**
 * Records a payout of the chosen approved lines, in one transaction: the payout, its lines
 * marked paid, the mail to the affiliate, the audit entry. The same request key answers the
 * payout already recorded (repeated: true) instead of a second one.
 */
export async function recordPayout(
  deps: PayoutDeps,
  actor: Actor,
  input: PayoutInput,
  now = new Date(),
): Promise<PayoutOutcome> {
  if (input.commissionIds.length === 0) return { ok: false, error: PAYOUT_MESSAGES.chooseLines };
  return deps.database
    .transaction(async (tx): Promise<PayoutOutcome> => {
      const db = tx.db;
      // An affiliate id that names nobody (a stale or forged form) is refused, not a 5xx.
      const [affiliate] = await db
        .select({ name: affiliates.name, email: affiliates.email })
        .from(affiliates)
        .where(eq(affiliates.id, input.affiliateId));
      if (!affiliate) return { ok: false, error: PAYOUT_MESSAGES.notPayable };
      // The key first: a second request with it waits here for the first to commit.
      const [payout] = await db
        .insert(payouts)
        .values({
          affiliateId: input.affiliateId,
          amountCents: 0,
          method: input.method,
          reference: input.reference || null,
          paidOn: input.paidOn,
          requestKey: input.requestKey,
          recordedBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: payouts.requestKey })
        .returning();
      if (!payout) {
        const [existing] = await db
          .select()
          .from(payouts)
          .where(eq(payouts.requestKey, input.requestKey));
        return existing
          ? { ok: true, payout: existing, repeated: true }
          : { ok: false, error: PAYOUT_MESSAGES.notPayable };
      }

      const lines = await db
        .select()
        .from(commissions)
        .where(
          and(
            inArray(commissions.id, input.commissionIds),
            eq(commissions.affiliateId, input.affiliateId),
          ),
        )
        .for("update");
      const payable = lines.filter((line) => commissionStatusAfter(line.status, "pay"));
      if (payable.length !== new Set(input.commissionIds).size) {
        throw new Refused(PAYOUT_MESSAGES.notPayable);
      }
      const amountCents = payable.reduce((sum, line) => sum + line.amountCents, 0);
      if (amountCents <= 0) throw new Refused(PAYOUT_MESSAGES.nothingOwed);
      // Never more than the approved total: negative adjustments count against it.
      const [owed] = await db
        .select({ cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::int` })
        .from(commissions)
        .where(
          and(eq(commissions.affiliateId, input.affiliateId), eq(commissions.status, "approved")),
        );
      const owedCents = Number(owed?.cents ?? 0);
      if (amountCents > owedCents) {
        throw new Refused(PAYOUT_MESSAGES.moreThanOwed.replace("{owed}", dollars(owedCents)));
      }
      const [settings] = await db
        .select({ minimum: companySettings.minimumPayoutCents })
        .from(companySettings)
        .where(eq(companySettings.id, 1));
      const minimum = settings?.minimum ?? 0;
      if (amountCents < minimum) {
        throw new Refused(PAYOUT_MESSAGES.belowMinimum.replace("{minimum}", dollars(minimum)));
      }

      await db
        .update(commissions)
        .set({ status: "paid", paidAt: now, payoutId: payout.id, updatedAt: now })
        .where(inArray(commissions.id, input.commissionIds));
      const [recorded] = await db
        .update(payouts)
        .set({ amountCents })
        .where(eq(payouts.id, payout.id))
        .returning();
      await enqueueMail(tx, deps.boss, {
        kind: "affiliate.payout",
        to: [affiliate.email],
        subject: `A payout of ${dollars(amountCents)} is on its way`,
        text: [
          `Hello ${affiliate.name},`,
          "",
          `We recorded a payout of ${dollars(amountCents)} to you on ${input.paidOn}` +
            ` (${PAYOUT_METHOD_LABELS[input.method].toLowerCase()}${input.reference ? `, reference ${input.reference}` : ""}).`,
          `It settles ${payable.length} commission line${payable.length === 1 ? "" : "s"}.`,
          "",
          `Your statement: ${new URL("/affiliate/statement", deps.publicUrl)}`,
        ].join("\n"),
      });
      await recordAudit(db, actor, {
        action: "payout.recorded",
        target: `payout:${payout.id}`,
        details: {
          affiliateId: input.affiliateId,
          amountCents,
          lines: payable.length,
          method: input.method,
          paidOn: input.paidOn,
        },
        at: now,
      });
      return { ok: true, payout: recorded!, repeated: false };
    })
    .catch((error: unknown): PayoutOutcome => {
      if (error instanceof Refused) return { ok: false, error: error.message };
      throw error;
    });
}

/** A refusal found inside the transaction: thrown to roll it back, answered as a message. */
class Refused extends Error {}

/** Voids a payout with a reason: its lines are approved again, to be paid by another. */
export async function voidPayout(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  input: { payoutId: string; reason: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  return database.transaction(async (tx) => {
    const db = tx.db;
    const [payout] = await db
      .select()
      .from(payouts)
      .where(eq(payouts.id, input.payoutId))
      .for("update");
    if (!payout) return { ok: false, error: PAYOUT_MESSAGES.notFound } as const;
    if (payout.status === "void") return { ok: false, error: PAYOUT_MESSAGES.alreadyVoid } as const;
    await db
      .update(payouts)
      .set({ status: "void", voidReason: input.reason, updatedAt: now })
      .where(eq(payouts.id, payout.id));
    const returned = await db
      .update(commissions)
      .set({ status: "approved", paidAt: null, payoutId: null, updatedAt: now })
      .where(and(eq(commissions.payoutId, payout.id), eq(commissions.status, "paid")))
      .returning({ id: commissions.id });
    await recordAudit(db, actor, {
      action: "payout.voided",
      target: `payout:${payout.id}`,
      details: {
        affiliateId: payout.affiliateId,
        amountCents: payout.amountCents,
        reason: input.reason,
        linesReturned: returned.length,
      },
      at: now,
    });
    return { ok: true } as const;
  });
}

/** The payouts list, newest first, with each affiliate's name. */
export async function listPayouts(db: Database, { limit = 100 } = {}) {
  return db
    .select({
      id: payouts.id,
      affiliateId: payouts.affiliateId,
      affiliateName: affiliates.name,
      amountCents: payouts.amountCents,
      method: payouts.method,
      reference: payouts.reference,
      paidOn: payouts.paidOn,
      status: payouts.status,
      voidReason: payouts.voidReason,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(affiliates, eq(affiliates.id, payouts.affiliateId))
    .orderBy(desc(payouts.paidOn), desc(payouts.createdAt))
    .limit(limit);
}
