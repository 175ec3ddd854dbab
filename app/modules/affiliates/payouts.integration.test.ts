import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  commissions,
  companySettings,
  leads,
  mailMessages,
  payouts,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { changeLeadStatus } from "~/modules/leads/lead-status.server";
import {
  insertActorAccount,
  staffTestWorldForFile,
  TEST_PUBLIC_URL,
} from "~/modules/staff/test-support.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { approveDueCommissions } from "./commissions.server";
import { affiliateStatement } from "./statement.server";
import { PAYOUT_MESSAGES, recordPayout, voidPayout, type PayoutDeps } from "./payouts.server";
import { createTestAffiliate } from "./test-support.server";

/**
 * Payouts (docs/REQUIREMENTS.md D8): they settle approved lines, never more than approved,
 * one payout per form however often it is sent (also two requests at once), and a voided
 * payout returns its lines; the property at the end runs random histories of leads,
 * payouts and voids against the ledger's rules.
 */

const world = staffTestWorldForFile();
const actor: Actor = { id: "staff-payouts", email: "owner@example.com", ip: "203.0.113.6" };
let deps: PayoutDeps;
let keyCount = 0;
const key = () => `payout-form-${Date.now()}-${++keyCount}`;

beforeAll(async () => {
  await insertActorAccount(world.database.db, actor, "Owner");
  deps = { database: world.database, boss: world.jobs.boss, publicUrl: TEST_PUBLIC_URL };
  await world.database.db
    .update(companySettings)
    .set({ minimumPayoutCents: 5_000 })
    .where(eq(companySettings.id, 1));
});

async function approvedLines(affiliateId: string, amounts: number[]) {
  const rows = await world.database.db
    .insert(commissions)
    .values(
      amounts.map((amountCents) => ({
        affiliateId,
        status: "approved" as const,
        amountCents,
        jobValueCents: amountCents * 20,
        approvedAt: new Date(),
      })),
    )
    .returning();
  return rows;
}

const pay = (affiliateId: string, commissionIds: string[], requestKey = key()) =>
  recordPayout(deps, actor, {
    requestKey,
    affiliateId,
    commissionIds,
    method: "check",
    reference: "Check 1042",
    paidOn: "2026-12-15",
  });

const payoutsOf = (affiliateId: string) =>
  world.database.db.select().from(payouts).where(eq(payouts.affiliateId, affiliateId));

describe("recording a payout", () => {
  it("settles the chosen approved lines for their total, mails the affiliate and is audited", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [a, b, c] = await approvedLines(partner.id, [50_000, 120_000, -10_000]);
    const outcome = await pay(partner.id, [a!.id, b!.id, c!.id]);
    expect(outcome).toMatchObject({ ok: true, repeated: false, payout: { amountCents: 160_000 } });
    const lines = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.affiliateId, partner.id));
    expect(lines.every((line) => line.status === "paid" && line.payoutId)).toBe(true);
    const mails = await world.database.db.select().from(mailMessages);
    expect(mails.find((mail) => mail.to.includes(partner.email))?.subject).toBe(
      "A payout of $1,600.00 is on its way",
    );
    const audits = await world.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "payout.recorded"));
    expect(audits.some((audit) => audit.details.affiliateId === partner.id)).toBe(true);
  });

  it("a part of what is owed: only the chosen lines", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [a, b] = await approvedLines(partner.id, [50_000, 70_000]);
    expect(await pay(partner.id, [b!.id])).toMatchObject({
      ok: true,
      payout: { amountCents: 70_000 },
    });
    const [left] = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, a!.id));
    expect(left!.status).toBe("approved");
  });

  it("the same form sent twice makes one payout, also when both requests arrive at once", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [a] = await approvedLines(partner.id, [50_000]);
    const requestKey = key();
    const first = await pay(partner.id, [a!.id], requestKey);
    const again = await pay(partner.id, [a!.id], requestKey);
    expect(again).toMatchObject({ ok: true, repeated: true });
    expect(again.ok && first.ok && again.payout.id === first.payout.id).toBe(true);
    expect(await payoutsOf(partner.id)).toHaveLength(1);

    const other = await createTestAffiliate(world.deps);
    const [b] = await approvedLines(other.id, [60_000]);
    const raceKey = key();
    const answers = await Promise.all([
      pay(other.id, [b!.id], raceKey),
      pay(other.id, [b!.id], raceKey),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(answers.filter((answer) => answer.ok && answer.repeated)).toHaveLength(1);
    expect(await payoutsOf(other.id)).toHaveLength(1);
  });

  it("two different forms for the same lines at once: one pays, the other is refused", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [a] = await approvedLines(partner.id, [80_000]);
    const answers = await Promise.all([pay(partner.id, [a!.id]), pay(partner.id, [a!.id])]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.notPayable,
    });
    expect(await payoutsOf(partner.id)).toHaveLength(1);
  });

  it("refuses lines not approved, another affiliate's, none, nothing to pay, or below the minimum", async () => {
    const partner = await createTestAffiliate(world.deps);
    const other = await createTestAffiliate(world.deps);
    const [mine] = await approvedLines(partner.id, [50_000]);
    const [theirs] = await approvedLines(other.id, [50_000]);
    const [pending] = await world.database.db
      .insert(commissions)
      .values({ affiliateId: partner.id, status: "pending", amountCents: 50_000 })
      .returning();
    expect(await pay(partner.id, [mine!.id, theirs!.id])).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.notPayable,
    });
    expect(await pay(partner.id, [pending!.id])).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.notPayable,
    });
    expect(await pay(partner.id, [])).toEqual({ ok: false, error: PAYOUT_MESSAGES.chooseLines });
    // An affiliate id naming nobody (a stale or forged form) is refused, not a database error.
    expect(await pay("00000000-0000-4000-8000-000000000000", [mine!.id])).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.notPayable,
    });
    const [small] = await approvedLines(partner.id, [4_999]);
    expect(await pay(partner.id, [small!.id])).toEqual({
      ok: false,
      error: "A payout starts at $50.00 (the minimum payout in settings).",
    });
    const [minus] = await approvedLines(partner.id, [-20_000]);
    expect(await pay(partner.id, [minus!.id])).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.nothingOwed,
    });
    // Nothing was recorded by the refusals, and the lines are still owed.
    expect(await payoutsOf(partner.id)).toEqual([]);
    const [still] = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, mine!.id));
    expect(still!.status).toBe("approved");
  });

  it("a voided payout returns its lines to approved; voiding it again is refused", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [a] = await approvedLines(partner.id, [50_000]);
    const outcome = await pay(partner.id, [a!.id]);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(
      await voidPayout(world.database, actor, {
        payoutId: outcome.payout.id,
        reason: "Check lost in the mail",
      }),
    ).toEqual({ ok: true });
    const [line] = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, a!.id));
    expect(line).toMatchObject({ status: "approved", payoutId: null, paidAt: null });
    expect(
      await voidPayout(world.database, actor, { payoutId: outcome.payout.id, reason: "again" }),
    ).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.alreadyVoid,
    });
    // Paid again by a new payout.
    expect(await pay(partner.id, [a!.id])).toMatchObject({ ok: true });
  });
});

describe("never more than the approved total", () => {
  it("a line cannot be paid alone while a negative adjustment cancels it (found by the property)", async () => {
    const partner = await createTestAffiliate(world.deps);
    const [line] = await approvedLines(partner.id, [50_000]);
    const first = await pay(partner.id, [line!.id]);
    if (!first.ok) throw new Error(first.error);
    // The job left won after payment (an adjustment takes it back), then the payout was voided.
    const [minus] = await world.database.db
      .insert(commissions)
      .values({
        affiliateId: partner.id,
        kind: "adjustment",
        correctsId: line!.id,
        status: "approved",
        amountCents: -50_000,
      })
      .returning();
    await voidPayout(world.database, actor, { payoutId: first.payout.id, reason: "Lost" });
    expect(await pay(partner.id, [line!.id])).toEqual({
      ok: false,
      error:
        "The chosen lines come to more than the affiliate is owed in all ($0.00): choose their negative adjustments too.",
    });
    expect(await pay(partner.id, [line!.id, minus!.id])).toEqual({
      ok: false,
      error: PAYOUT_MESSAGES.nothingOwed,
    });
  });
});

describe("random histories keep the ledger's rules (property)", () => {
  type Step =
    | { kind: "won"; lead: number; dollars: number }
    | { kind: "lost"; lead: number }
    | { kind: "contacted"; lead: number }
    | { kind: "hold-passes" }
    | { kind: "pay-all" }
    | { kind: "pay-some" }
    | { kind: "void-last-payout" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant("won" as const),
      lead: fc.nat(2),
      dollars: fc.integer({ min: 1_000, max: 80_000 }),
    }),
    fc.record({ kind: fc.constant("lost" as const), lead: fc.nat(2) }),
    fc.record({ kind: fc.constant("contacted" as const), lead: fc.nat(2) }),
    fc.constant({ kind: "hold-passes" as const }),
    fc.constant({ kind: "pay-all" as const }),
    fc.constant({ kind: "pay-some" as const }),
    fc.constant({ kind: "void-last-payout" as const }),
  );

  it("balance = approved + pending, nothing paid twice, no payout beyond what was approved", async () => {
    // So the property cannot pass by never paying or voiding anything.
    const seen = { payouts: 0, voids: 0, adjustments: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const db = world.database.db;
        const partner = await createTestAffiliate(world.deps);
        const leadIds: string[] = [];
        // Leads 0-2 for the random steps; lead 3 for the fixed ending below.
        for (let n = 0; n < 4; n++) {
          const lead = await insertLead(db, {
            affiliateId: partner.id,
            affiliateCode: partner.code,
            email: `history${Date.now()}${keyCount++}@example.com`,
            phone: `+1781555${String(1000 + (keyCount % 9000)).padStart(4, "0")}`,
          });
          leadIds.push(lead.id);
        }
        let clock = Date.now();
        // Every history ends by paying a won job, voiding that payout and paying again, so
        // each run checks the rules through a payment and a void whatever came before.
        const ending: Step[] = [
          { kind: "won", lead: 3, dollars: 24_000 },
          { kind: "pay-all" },
          { kind: "void-last-payout" },
          { kind: "pay-all" },
        ];
        for (const action of [...steps, ...ending]) {
          const lines = () =>
            db.select().from(commissions).where(eq(commissions.affiliateId, partner.id));
          if (action.kind === "won" || action.kind === "lost" || action.kind === "contacted") {
            const [lead] = await db.select().from(leads).where(eq(leads.id, leadIds[action.lead]!));
            const same =
              lead!.status === action.kind &&
              (action.kind !== "won" || lead!.jobValueCents === action.dollars * 100);
            if (same) continue;
            const outcome = await changeLeadStatus(world.database, actor, lead!.id, {
              status: action.kind,
              jobValue: action.kind === "won" ? String(action.dollars) : undefined,
              lostReason: action.kind === "lost" ? "Went elsewhere" : undefined,
            });
            expect(outcome).toMatchObject({ kind: "changed" });
          } else if (action.kind === "hold-passes") {
            clock += 31 * 86_400_000;
            await world.database.transaction((tx) => approveDueCommissions(tx.db, new Date(clock)));
          } else if (action.kind === "pay-all" || action.kind === "pay-some") {
            // A payment comes after a while: whatever hold ended meanwhile is approved first.
            clock += 31 * 86_400_000;
            await world.database.transaction((tx) => approveDueCommissions(tx.db, new Date(clock)));
            const approved = (await lines()).filter((line) => line.status === "approved");
            const chosen = action.kind === "pay-all" ? approved : approved.slice(0, 1);
            const owedBefore = approved.reduce((sum, line) => sum + line.amountCents, 0);
            const outcome = await pay(
              partner.id,
              chosen.map((line) => line.id),
            );
            if (outcome.ok) {
              seen.payouts += 1;
              // Never more than what was approved.
              expect(outcome.payout.amountCents).toBeLessThanOrEqual(owedBefore);
              expect(outcome.payout.amountCents).toBe(
                chosen.reduce((sum, line) => sum + line.amountCents, 0),
              );
            }
          } else {
            const [last] = (await payoutsOf(partner.id))
              .filter((payout) => payout.status === "recorded")
              .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
            if (last) {
              await voidPayout(world.database, actor, {
                payoutId: last.id,
                reason: "Property test",
              });
              seen.voids += 1;
            }
          }

          // The ledger's rules after every step.
          const all = await lines();
          const recorded = (await payoutsOf(partner.id)).filter(
            (payout) => payout.status === "recorded",
          );
          const sum = (rows: { amountCents: number }[]) =>
            rows.reduce((total, row) => total + row.amountCents, 0);
          const earned = sum(all.filter((line) => line.status !== "void"));
          const paid = sum(recorded);
          const pending = sum(all.filter((line) => line.status === "pending"));
          const approved = sum(all.filter((line) => line.status === "approved"));
          expect(earned - paid).toBe(pending + approved);
          // The statement the affiliate and the admin read says the same.
          const { totals, lines: statementLines } = await affiliateStatement(db, partner.id);
          expect(totals.balanceCents).toBe(totals.pendingCents + totals.approvedCents);
          expect(totals.balanceCents).toBe(pending + approved);
          expect(totals.paidCents).toBe(paid);
          expect(statementLines.at(-1)?.balanceCents ?? 0).toBe(totals.balanceCents);
          // Each paid line belongs to exactly one recorded payout; none to a void one.
          for (const line of all.filter((row) => row.status === "paid")) {
            expect(recorded.map((payout) => payout.id)).toContain(line.payoutId);
          }
          for (const payout of recorded) {
            expect(sum(all.filter((line) => line.payoutId === payout.id))).toBe(payout.amountCents);
          }
          seen.adjustments += all.filter((line) => line.kind === "adjustment").length;
          // At most one live commission per lead.
          const live = all.filter((line) => line.kind === "commission" && line.status !== "void");
          expect(new Set(live.map((line) => line.leadId)).size).toBe(live.length);
        }
      }),
      { numRuns: 15 },
    );
    expect(seen.payouts).toBeGreaterThan(0);
    expect(seen.voids).toBeGreaterThan(0);
  }, 120_000);
});
