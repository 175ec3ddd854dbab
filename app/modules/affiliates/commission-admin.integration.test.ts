import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { affiliates, commissions, companySettings, payouts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { getCommissionFigures } from "~/modules/leads/dashboard.server";
import { changeLeadStatus } from "~/modules/leads/lead-status.server";
import { saveSettingsSection } from "~/modules/settings/settings-admin.server";
import { settingsCommandSchema } from "~/modules/settings/settings.schema";
import { getCompanySettings } from "~/modules/settings/settings.server";
import {
  insertActorAccount,
  latestAudit,
  staffTestWorldForFile,
} from "~/modules/staff/test-support.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { affiliateCommandSchema } from "./affiliate-admin.schema";
import {
  addCommissionAdjustment,
  affiliateCommissions,
  COMMISSION_ADMIN_MESSAGES,
  setAffiliateCommissionRule,
  voidCommissionByAdmin,
} from "./commission-admin.server";
import { ruleFromForm } from "./commission-rule.schema";
import { createTestAffiliate } from "./test-support.server";

/**
 * The admin side of commissions (docs/REQUIREMENTS.md D8, R6.2): the default rule in the
 * settings, an affiliate's own rule (which their next won job earns under), an admin's void
 * and adjustment lines, and the dashboard's money figures.
 */

const world = staffTestWorldForFile();
const actor: Actor = {
  id: "staff-commission-admin",
  email: "owner@example.com",
  ip: "203.0.113.9",
};
let leadCount = 0;

beforeAll(async () => {
  await insertActorAccount(world.database.db, actor, "Owner");
});

/** A form as the browser posts it. */
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

async function referredLead(affiliateId: string) {
  leadCount += 1;
  return insertLead(world.database.db, {
    affiliateId,
    affiliateCode: "test",
    email: `commission-admin-${leadCount}@example.com`,
    phone: `+1617556${String(1000 + leadCount).padStart(4, "0")}`,
  });
}

async function win(leadId: string, jobValue: string) {
  const outcome = await changeLeadStatus(world.database, actor, leadId, {
    status: "won",
    jobValue,
  });
  expect(outcome).toMatchObject({ kind: "changed" });
  const [commission] = await world.database.db
    .select()
    .from(commissions)
    .where(and(eq(commissions.leadId, leadId), eq(commissions.kind, "commission")));
  return commission;
}

describe("the default rule in the settings", () => {
  it("saves dollars as cents, audits old and new values, and shows at once", async () => {
    const submission = parseWithZod(
      form({
        intent: "commissions",
        commissionFlatCents: "$250",
        commissionPercentBasisPoints: "7.5",
        commissionPercentCapCents: "3,000.50",
        commissionCombination: "sum",
        commissionMinJobValueCents: "10,000",
        commissionHoldDays: "14",
        minimumPayoutCents: "100",
      }),
      { schema: settingsCommandSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "commissions") return;
    const before = await getCompanySettings(world.database.db);
    const { changes } = await saveSettingsSection(world.database, actor, submission.value);
    expect(changes.map((change) => change.field).sort()).toEqual(
      [
        "commissionCombination",
        "commissionFlatCents",
        "commissionHoldDays",
        "commissionMinJobValueCents",
        "commissionPercentBasisPoints",
        "commissionPercentCapCents",
        "minimumPayoutCents",
      ].sort(),
    );
    const after = await getCompanySettings(world.database.db);
    expect(after).toMatchObject({
      commissionFlatCents: 25_000,
      commissionPercentBasisPoints: 750,
      commissionPercentCapCents: 300_050,
      commissionCombination: "sum",
      commissionMinJobValueCents: 1_000_000,
      commissionHoldDays: 14,
      minimumPayoutCents: 10_000,
    });
    const audit = await latestAudit(world.database.db, "settings.update");
    expect(audit?.details).toMatchObject({
      section: "commissions",
      changes: expect.arrayContaining([
        { field: "commissionFlatCents", from: before.commissionFlatCents, to: 25_000 },
        { field: "commissionHoldDays", from: before.commissionHoldDays, to: 14 },
      ]),
    });
  });

  it("refuses a rule with neither a flat amount nor a percentage, and a hold over 365 days", () => {
    const submission = parseWithZod(
      form({
        intent: "commissions",
        commissionFlatCents: "",
        commissionPercentBasisPoints: "",
        commissionPercentCapCents: "100",
        commissionCombination: "greater",
        commissionHoldDays: "366",
        minimumPayoutCents: "50",
      }),
      { schema: settingsCommandSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.commissionFlatCents).toEqual(["Enter a flat amount, a percentage, or both."]);
    expect(errors.commissionPercentCapCents?.[0]).toMatch(/A cap limits the percentage/);
    expect(errors.commissionHoldDays).toEqual(["Enter a whole number of days from 0 to 365."]);
  });
});

describe("an affiliate's own rule", () => {
  it("is set and audited, and their next won job earns under it; cleared, the default again", async () => {
    await world.database.db
      .update(companySettings)
      .set({
        commissionFlatCents: 50_000,
        commissionPercentBasisPoints: null,
        commissionPercentCapCents: null,
        commissionCombination: "greater",
        commissionMinJobValueCents: 500_000,
      })
      .where(eq(companySettings.id, 1));
    const partner = await createTestAffiliate(world.deps);
    const submission = parseWithZod(
      form({ intent: "commission-rule", percent: "10", cap: "1,500", minJobValue: "" }),
      { schema: affiliateCommandSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "commission-rule") return;
    const rule = ruleFromForm(submission.value);
    expect(rule).toEqual({
      flatCents: null,
      percentBasisPoints: 1000,
      percentCapCents: 150_000,
      combination: "greater",
      minJobValueCents: 0,
    });
    expect(await setAffiliateCommissionRule(world.database, actor, partner.id, rule)).toEqual({
      ok: true,
      changed: true,
    });
    const audit = await latestAudit(world.database.db, "affiliate.commission_rule");
    expect(audit).toMatchObject({
      target: `affiliate:${partner.id}`,
      details: { from: null, to: rule },
    });

    // 10 % of $12,000 is $1,200 (the default would have paid $500).
    const first = await win((await referredLead(partner.id)).id, "12,000");
    expect(first).toMatchObject({ amountCents: 120_000, rule });
    // 10 % of $40,000 is capped at $1,500; and a $3,000 job earns though the default's
    // minimum is $5,000.
    expect(await win((await referredLead(partner.id)).id, "40,000")).toMatchObject({
      amountCents: 150_000,
    });
    expect(await win((await referredLead(partner.id)).id, "3,000")).toMatchObject({
      amountCents: 30_000,
    });

    expect(await setAffiliateCommissionRule(world.database, actor, partner.id, rule)).toEqual({
      ok: true,
      changed: false,
    });
    await setAffiliateCommissionRule(world.database, actor, partner.id, null);
    const [row] = await world.database.db
      .select({ rule: affiliates.commissionRule })
      .from(affiliates)
      .where(eq(affiliates.id, partner.id));
    expect(row?.rule).toBeNull();
    expect(await win((await referredLead(partner.id)).id, "12,000")).toMatchObject({
      amountCents: 50_000,
    });
    const panel = await affiliateCommissions(world.database.db, partner.id);
    expect(panel?.ownRule).toBeNull();
    expect(panel?.defaultRule).toMatchObject({ flatCents: 50_000, minJobValueCents: 500_000 });
    expect(panel?.lines.map((line) => line.amountCents)).toEqual([
      50_000, 30_000, 150_000, 120_000,
    ]);
  });
});

describe("an admin's void", () => {
  it("voids a pending commission with the admin's reason, audited", async () => {
    const partner = await createTestAffiliate(world.deps);
    const commission = await win((await referredLead(partner.id)).id, "20,000");
    expect(commission?.status).toBe("pending");
    const outcome = await voidCommissionByAdmin(world.database, actor, {
      affiliateId: partner.id,
      commissionId: commission!.id,
      note: "The customer was already ours",
    });
    expect(outcome).toEqual({ ok: true, changed: true });
    const [voided] = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, commission!.id));
    expect(voided).toMatchObject({
      status: "void",
      voidReason: "admin",
      note: "The customer was already ours",
    });
    const audit = await latestAudit(world.database.db, "commission.voided");
    expect(audit).toMatchObject({
      actorId: actor.id,
      target: `commission:${commission!.id}`,
      details: { from: "pending", voidReason: "admin", note: "The customer was already ours" },
    });
    // A second void is refused: it is void already.
    expect(
      await voidCommissionByAdmin(world.database, actor, {
        affiliateId: partner.id,
        commissionId: commission!.id,
        note: "Again",
      }),
    ).toEqual({ ok: false, errors: { form: COMMISSION_ADMIN_MESSAGES.voidRefused("void") } });
  });

  it("refuses a paid commission, and another affiliate's, changing nothing", async () => {
    const partner = await createTestAffiliate(world.deps);
    const other = await createTestAffiliate(world.deps);
    const commission = await win((await referredLead(partner.id)).id, "20,000");
    await world.database.db
      .update(commissions)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(commissions.id, commission!.id));
    const paid = await voidCommissionByAdmin(world.database, actor, {
      affiliateId: partner.id,
      commissionId: commission!.id,
      note: "Changed my mind",
    });
    expect(paid).toEqual({
      ok: false,
      errors: { form: COMMISSION_ADMIN_MESSAGES.voidRefused("paid") },
    });
    expect(COMMISSION_ADMIN_MESSAGES.voidRefused("paid")).toMatch(/paid.*adjustment/);
    const elsewhere = await voidCommissionByAdmin(world.database, actor, {
      affiliateId: other.id,
      commissionId: commission!.id,
      note: "Wrong page",
    });
    expect(elsewhere).toEqual({
      ok: false,
      errors: { form: COMMISSION_ADMIN_MESSAGES.commissionNotFound },
    });
    const [row] = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, commission!.id));
    expect(row).toMatchObject({ status: "paid", voidReason: null, note: null });
  });

  it("refuses a void without a reason at the form", () => {
    const submission = parseWithZod(
      form({ intent: "commission-void", commissionId: crypto.randomUUID(), note: "  " }),
      { schema: affiliateCommandSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.note).toEqual([
      "Say why: the affiliate's commissions keep it.",
    ]);
  });
});

describe("adjustments", () => {
  it("adds approved lines, positive or negative, each audited", async () => {
    const partner = await createTestAffiliate(world.deps);
    const now = new Date("2026-11-20T15:00:00Z");
    for (const [amount, cents] of [
      ["150", 15_000],
      ["-$40.25", -4_025],
    ] as const) {
      const submission = parseWithZod(
        form({ intent: "commission-adjust", amount, note: `Correction ${amount}` }),
        { schema: affiliateCommandSchema },
      );
      expect(submission.status).toBe("success");
      if (submission.status !== "success" || submission.value.intent !== "commission-adjust") {
        return;
      }
      expect(submission.value.amount).toBe(cents);
      const outcome = await addCommissionAdjustment(
        world.database,
        actor,
        {
          affiliateId: partner.id,
          amountCents: submission.value.amount,
          note: submission.value.note,
        },
        now,
      );
      expect(outcome).toMatchObject({ ok: true, changed: true });
      const audit = await latestAudit(world.database.db, "commission.adjusted");
      expect(audit).toMatchObject({
        target: `commission:${"commissionId" in outcome ? outcome.commissionId : ""}`,
        details: { affiliateId: partner.id, amountCents: cents, note: `Correction ${amount}` },
      });
    }
    const lines = await world.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.affiliateId, partner.id));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ kind: "adjustment", status: "approved", approvedAt: now });
    }
  });

  it("refuses $0 and a missing note", () => {
    const submission = parseWithZod(form({ intent: "commission-adjust", amount: "0" }), {
      schema: affiliateCommandSchema,
    });
    const errors = submission.reply().error ?? {};
    expect(errors.amount).toEqual(["Enter the amount other than $0."]);
    expect(errors.note).toEqual(["Say why: the affiliate's commissions keep it."]);
  });
});

describe("the dashboard's money figures", () => {
  it("adds up owed, pending, this month's payouts and the top affiliates by won value", async () => {
    const now = new Date("2026-12-01T03:00:00Z"); // Still November 30 in New York.
    const before = await getCommissionFigures(world.database.db, now);
    const partner = await createTestAffiliate(world.deps, "approved", { name: "Aaa Top Partner" });
    await world.database.db
      .update(companySettings)
      .set({ commissionFlatCents: 50_000, commissionMinJobValueCents: 0 })
      .where(eq(companySettings.id, 1));
    // Pending: a won job in its hold. Approved: an adjustment.
    await win((await referredLead(partner.id)).id, "9,000,000");
    await addCommissionAdjustment(world.database, actor, {
      affiliateId: partner.id,
      amountCents: 12_345,
      note: "Bonus",
    });
    const payout = (paidOn: string, amountCents: number, status: "recorded" | "void") =>
      world.database.db.insert(payouts).values({
        affiliateId: partner.id,
        amountCents,
        method: "check",
        paidOn,
        status,
        requestKey: crypto.randomUUID(),
      });
    await payout("2026-11-01", 10_000, "recorded");
    await payout("2026-11-30", 2_500, "recorded");
    await payout("2026-11-15", 99_999, "void");
    await payout("2026-12-01", 77_777, "recorded");
    await payout("2026-10-31", 88_888, "recorded");

    const after = await getCommissionFigures(world.database.db, now);
    expect(after.owedCents - before.owedCents).toBe(12_345);
    expect(after.pendingCents - before.pendingCents).toBe(50_000);
    expect(after.pendingCount - before.pendingCount).toBe(1);
    expect(after.payoutsThisMonth.cents - before.payoutsThisMonth.cents).toBe(12_500);
    expect(after.payoutsThisMonth.count - before.payoutsThisMonth.count).toBe(2);
    expect(after.topAffiliates[0]).toEqual({
      id: partner.id,
      name: "Aaa Top Partner",
      wonJobValueCents: 900_000_000,
      wonCount: 1,
    });
    expect(after.topAffiliates.length).toBeLessThanOrEqual(5);
  });
});
