import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { affiliates, auditEvents, commissions, companySettings } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { changeLeadStatus } from "~/modules/leads/lead-status.server";
import { insertActorAccount, staffTestWorldForFile } from "~/modules/staff/test-support.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { approveDueCommissions } from "./commissions.server";
import { createTestAffiliate } from "./test-support.server";

/**
 * Commissions follow their leads (docs/REQUIREMENTS.md D8): made when a credited lead is won,
 * worked out again when the job's value changes, voided when it leaves won, corrected by an
 * adjustment line once paid; self-referrals and duplicates never earn; the hold job approves
 * them when their hold ends.
 */

const world = staffTestWorldForFile();
const actor: Actor = { id: "staff-commissions", email: "owner@example.com", ip: "203.0.113.5" };
let phoneCount = 0;
const nextPhone = () => `+1617555${String(1000 + ++phoneCount).padStart(4, "0")}`;

beforeAll(async () => {
  await insertActorAccount(world.database.db, actor, "Owner");
  // The company's rule for these tests: $500 or 5 % of the job, the greater, from $5,000.
  await world.database.db
    .update(companySettings)
    .set({
      commissionFlatCents: 50_000,
      commissionPercentBasisPoints: 500,
      commissionPercentCapCents: null,
      commissionCombination: "greater",
      commissionMinJobValueCents: 500_000,
      commissionHoldDays: 30,
    })
    .where(eq(companySettings.id, 1));
});

async function referredLead(affiliateId: string, overrides: Parameters<typeof insertLead>[1] = {}) {
  return insertLead(world.database.db, {
    affiliateId,
    affiliateCode: "test",
    email: `lead${++phoneCount}@example.com`,
    phone: nextPhone(),
    ...overrides,
  });
}

const move = async (leadId: string, status: string, jobValue?: string) => {
  const outcome = await changeLeadStatus(world.database, actor, leadId, {
    status,
    jobValue,
    lostReason: status === "lost" ? "Chose another contractor" : undefined,
  });
  expect(outcome).toMatchObject({ kind: "changed" });
  return outcome;
};

const commissionsOf = (leadId: string) =>
  world.database.db.select().from(commissions).where(eq(commissions.leadId, leadId));

describe("a commission follows its lead", () => {
  it("won for $24,000.00 earns 5 % pending, with the rule's terms copied and audited", async () => {
    const partner = await createTestAffiliate(world.deps);
    const lead = await referredLead(partner.id);
    expect(await move(lead.id, "won", "24,000")).toMatchObject({ kind: "changed" });
    const [commission] = await commissionsOf(lead.id);
    expect(commission).toMatchObject({
      status: "pending",
      amountCents: 120_000,
      jobValueCents: 2_400_000,
      rule: { flatCents: 50_000, percentBasisPoints: 500, combination: "greater" },
    });
    expect(commission!.holdEndsAt!.getTime() - commission!.wonAt!.getTime()).toBe(30 * 86_400_000);
    const [audit] = await world.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "commission.created"),
          eq(auditEvents.target, `commission:${commission!.id}`),
        ),
      );
    expect(audit).toMatchObject({ actorId: actor.id, details: { amountCents: 120_000 } });
  });

  it("a new job value is worked out again under the copied terms, not today's rule", async () => {
    const partner = await createTestAffiliate(world.deps);
    const lead = await referredLead(partner.id);
    await move(lead.id, "won", "24,000");
    await world.database.db
      .update(companySettings)
      .set({ commissionPercentBasisPoints: 1000 })
      .where(eq(companySettings.id, 1));
    await move(lead.id, "won", "30,000");
    await world.database.db
      .update(companySettings)
      .set({ commissionPercentBasisPoints: 500 })
      .where(eq(companySettings.id, 1));
    const live = await commissionsOf(lead.id);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      status: "pending",
      amountCents: 150_000,
      jobValueCents: 3_000_000,
    });
  });

  it("leaving won voids it (job cancelled); winning again makes a new one", async () => {
    const partner = await createTestAffiliate(world.deps);
    const lead = await referredLead(partner.id);
    await move(lead.id, "won", "8,000");
    await move(lead.id, "lost");
    let rows = await commissionsOf(lead.id);
    expect(rows.map((row) => [row.status, row.voidReason])).toEqual([["void", "job_cancelled"]]);
    await move(lead.id, "won", "8,000");
    rows = await commissionsOf(lead.id);
    expect(rows.map((row) => row.status).sort()).toEqual(["pending", "void"]);
  });

  it("below the minimum job value nothing is earned; an affiliate's own rule wins over the default", async () => {
    const partner = await createTestAffiliate(world.deps);
    const small = await referredLead(partner.id);
    await move(small.id, "won", "4,999.99");
    expect(await commissionsOf(small.id)).toEqual([]);

    await world.database.db
      .update(affiliates)
      .set({
        commissionRule: {
          flatCents: 100_000,
          percentBasisPoints: null,
          percentCapCents: null,
          combination: "greater",
          minJobValueCents: 0,
        },
      })
      .where(eq(affiliates.id, partner.id));
    await move(small.id, "won", "4,000");
    expect((await commissionsOf(small.id))[0]).toMatchObject({
      status: "pending",
      amountCents: 100_000,
    });
  });

  it("self-referrals and duplicates within 90 days are kept void, never earning", async () => {
    const partner = await createTestAffiliate(world.deps);
    const own = await referredLead(partner.id, { selfReferral: true });
    await move(own.id, "won", "20,000");
    expect((await commissionsOf(own.id))[0]).toMatchObject({
      status: "void",
      voidReason: "self_referral",
    });

    const email = `repeat${Date.now()}@example.com`;
    await insertLead(world.database.db, {
      email,
      phone: nextPhone(),
      createdAt: new Date(Date.now() - 30 * 86_400_000),
    });
    const repeat = await referredLead(partner.id, { email: email.toUpperCase() });
    await move(repeat.id, "won", "20,000");
    expect((await commissionsOf(repeat.id))[0]).toMatchObject({
      status: "void",
      voidReason: "duplicate",
    });

    // An earlier lead over 90 days before does not count.
    const phone = nextPhone();
    await insertLead(world.database.db, {
      phone,
      createdAt: new Date(Date.now() - 91 * 86_400_000),
    });
    const returning = await referredLead(partner.id, { phone });
    await move(returning.id, "won", "20,000");
    expect((await commissionsOf(returning.id))[0]).toMatchObject({ status: "pending" });
  });

  it("a lead credited to an affiliate who is no longer approved earns nothing", async () => {
    const partner = await createTestAffiliate(world.deps, "disabled");
    const lead = await referredLead(partner.id);
    await move(lead.id, "won", "20,000");
    expect(await commissionsOf(lead.id)).toEqual([]);
  });

  it("a paid commission is never changed: a new value or leaving won adds adjustment lines", async () => {
    const partner = await createTestAffiliate(world.deps);
    const lead = await referredLead(partner.id);
    await move(lead.id, "won", "24,000");
    const [commission] = await commissionsOf(lead.id);
    await world.database.db
      .update(commissions)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(commissions.id, commission!.id));

    await move(lead.id, "won", "30,000");
    await move(lead.id, "lost");
    const rows = await commissionsOf(lead.id);
    const paid = rows.find((row) => row.kind === "commission")!;
    expect(paid).toMatchObject({ status: "paid", amountCents: 120_000 });
    const adjustments = rows
      .filter((row) => row.kind === "adjustment")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(adjustments.map((row) => [row.status, row.amountCents, row.correctsId])).toEqual([
      ["approved", 30_000, paid.id],
      ["approved", -150_000, paid.id],
    ]);
    // All lines together: what the affiliate is owed for this lead now (nothing).
    expect(
      rows.filter((row) => row.status !== "void").reduce((sum, row) => sum + row.amountCents, 0),
    ).toBe(0);
  });
});

describe("the hold job", () => {
  it("approves a commission when its hold ends, not a moment before", async () => {
    const partner = await createTestAffiliate(world.deps);
    const lead = await referredLead(partner.id);
    await move(lead.id, "won", "24,000");
    const [commission] = await commissionsOf(lead.id);
    const holdEnd = commission!.holdEndsAt!;
    await world.database.transaction((tx) =>
      approveDueCommissions(tx.db, new Date(holdEnd.getTime() - 1000)),
    );
    expect((await commissionsOf(lead.id))[0]!.status).toBe("pending");
    const approved = await world.database.transaction((tx) =>
      approveDueCommissions(tx.db, holdEnd),
    );
    expect(approved.map((row) => row.id)).toContain(commission!.id);
    expect((await commissionsOf(lead.id))[0]).toMatchObject({
      status: "approved",
      approvedAt: holdEnd,
    });
  });
});
