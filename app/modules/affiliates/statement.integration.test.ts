import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, commissions, payouts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { insertActorAccount, staffTestWorldForFile } from "~/modules/staff/test-support.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { portalLeads } from "./portal.server";
import {
  affiliateStatement,
  exportStatements,
  portalEarnings,
  portalPayouts,
  STATEMENT_CSV_HEADER,
  statementsCsv,
} from "./statement.server";
import { createTestAffiliate, type TestAffiliate } from "./test-support.server";

/**
 * An affiliate's statement (docs/REQUIREMENTS.md D8, R13.7, R13.8): their counting lines and
 * recorded payouts in date order with a running balance, totals that add up, only their own
 * lines, and the same lines as CSV.
 */

const world = staffTestWorldForFile();
const actor: Actor = { id: "staff-statements", email: "owner@example.com", ip: "203.0.113.9" };
let phoneCount = 0;
let requestCount = 0;
let ana: TestAffiliate;
let bo: TestAffiliate;

const at = (iso: string) => new Date(iso);

async function wonLead(affiliateId: string, firstName: string, lastName: string) {
  return insertLead(world.database.db, {
    affiliateId,
    affiliateCode: "test",
    firstName,
    lastName,
    status: "won",
    email: `statement${++phoneCount}@customer.example`,
    phone: `+1617555${String(3000 + phoneCount).padStart(4, "0")}`,
  });
}

async function commission(
  values: Partial<typeof commissions.$inferInsert> & {
    affiliateId: string;
    status: (typeof commissions.$inferInsert)["status"];
    amountCents: number;
  },
) {
  const [row] = await world.database.db.insert(commissions).values(values).returning();
  return row!;
}

async function payout(
  values: Partial<typeof payouts.$inferInsert> & {
    affiliateId: string;
    amountCents: number;
    paidOn: string;
  },
) {
  const [row] = await world.database.db
    .insert(payouts)
    .values({ method: "check", requestKey: `statement-${++requestCount}`, ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  await insertActorAccount(world.database.db, actor, "Owner");
  // A name a spreadsheet would run as a formula, to see the CSV defuse it.
  ana = await createTestAffiliate(world.deps, "approved", { name: "=SUM(A1)" });
  bo = await createTestAffiliate(world.deps, "approved", { name: "Bo Partner" });

  const jane = await wonLead(ana.id, "Jane", "Doe");
  const omar = await wonLead(ana.id, "Omar", "Reyes");
  const lena = await wonLead(ana.id, "Lena", "Stone");
  const vic = await wonLead(ana.id, "Vic", "Void");
  const other = await wonLead(bo.id, "Priya", "Secret");

  const paid = await payout({
    affiliateId: ana.id,
    amountCents: 50_000,
    paidOn: "2026-02-15",
    reference: "CHK-1001",
  });
  await commission({
    affiliateId: ana.id,
    leadId: jane.id,
    status: "paid",
    amountCents: 50_000,
    jobValueCents: 900_000,
    wonAt: at("2026-01-10T15:00:00Z"),
    holdEndsAt: at("2026-02-09T15:00:00Z"),
    paidAt: at("2026-02-15T15:00:00Z"),
    payoutId: paid.id,
  });
  await commission({
    affiliateId: ana.id,
    leadId: omar.id,
    status: "approved",
    amountCents: 120_000,
    jobValueCents: 2_400_000,
    wonAt: at("2026-03-01T15:00:00Z"),
    holdEndsAt: at("2026-03-31T15:00:00Z"),
  });
  await commission({
    affiliateId: ana.id,
    leadId: jane.id,
    kind: "adjustment",
    status: "approved",
    amountCents: -10_000,
    note: "Job value corrected",
    createdAt: at("2026-03-05T15:00:00Z"),
  });
  await commission({
    affiliateId: ana.id,
    leadId: lena.id,
    status: "pending",
    amountCents: 60_000,
    jobValueCents: 1_200_000,
    wonAt: at("2026-03-20T15:00:00Z"),
    // Far ahead, so the test world's hold job (which approves due commissions) leaves it pending.
    holdEndsAt: at("2099-04-19T15:00:00Z"),
  });
  // Void lines and voided payouts count for nothing and are left out.
  await commission({
    affiliateId: ana.id,
    leadId: vic.id,
    status: "void",
    voidReason: "duplicate",
    amountCents: 50_000,
    wonAt: at("2026-03-10T15:00:00Z"),
  });
  await payout({ affiliateId: ana.id, amountCents: 30_000, paidOn: "2026-03-12", status: "void" });

  await commission({
    affiliateId: bo.id,
    leadId: other.id,
    status: "approved",
    amountCents: 3_000,
    jobValueCents: 600_000,
    wonAt: at("2026-03-02T15:00:00Z"),
  });
  await payout({ affiliateId: bo.id, amountCents: 1_000, paidOn: "2026-03-03" });
});

describe("an affiliate's statement", () => {
  it("lists the counting lines in date order with a running balance", async () => {
    const { lines, openingBalanceCents } = await affiliateStatement(world.database.db, ana.id);
    expect(openingBalanceCents).toBe(0);
    expect(
      lines.map(({ date, type, amountCents, balanceCents }) => [
        date,
        type,
        amountCents,
        balanceCents,
      ]),
    ).toEqual([
      ["2026-01-10", "commission", 50_000, 50_000],
      ["2026-02-15", "payout", -50_000, 0],
      ["2026-03-01", "commission", 120_000, 120_000],
      ["2026-03-05", "adjustment", -10_000, 110_000],
      ["2026-03-20", "commission", 60_000, 170_000],
    ]);
    expect(lines.map((line) => line.description)).toEqual([
      "Commission for Jane D., job $9,000.00, paid",
      "Payout by check, reference CHK-1001",
      "Commission for Omar R., job $24,000.00, approved",
      "Adjustment for Jane D.: Job value corrected, approved",
      "Commission for Lena S., job $12,000.00, pending until Apr 19, 2099",
    ]);
  });

  it("has totals where balance = pending + approved = earned lines - recorded payouts", async () => {
    const { lines, totals } = await affiliateStatement(world.database.db, ana.id);
    expect(totals).toEqual({
      pendingCents: 60_000,
      approvedCents: 110_000,
      paidCents: 50_000,
      balanceCents: 170_000,
    });
    const earned = lines
      .filter((line) => line.type !== "payout")
      .reduce((sum, line) => sum + line.amountCents, 0);
    expect(earned - totals.paidCents).toBe(totals.pendingCents + totals.approvedCents);
    expect(totals.balanceCents).toBe(lines.at(-1)!.balanceCents);
  });

  it("never shows another affiliate's lines, nor void ones", async () => {
    const { lines } = await affiliateStatement(world.database.db, ana.id);
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/Priya|Vic V\.|30000|-30000/);
    expect(lines).toHaveLength(5);
    const own = await affiliateStatement(world.database.db, bo.id);
    expect(own.lines.map((line) => line.amountCents)).toEqual([3_000, -1_000]);
    expect(own.totals).toMatchObject({ approvedCents: 3_000, paidCents: 1_000 });
  });

  it("for a period, carries the earlier lines forward as the opening balance", async () => {
    const statement = await affiliateStatement(world.database.db, ana.id, {
      from: "2026-02-01",
      to: "2026-03-05",
    });
    expect(statement.openingBalanceCents).toBe(50_000);
    expect(statement.lines.map((line) => [line.date, line.balanceCents])).toEqual([
      ["2026-02-15", 0],
      ["2026-03-01", 120_000],
      ["2026-03-05", 110_000],
    ]);
    expect(statement.totals).toEqual({
      pendingCents: 0,
      approvedCents: 110_000,
      paidCents: 50_000,
      balanceCents: 110_000,
    });
  });
});

describe("the statements as CSV", () => {
  const rowsOf = (csv: string) =>
    csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);

  it("writes one affiliate's lines, dollars as 1234.56 and the formula defused", async () => {
    const { csv, rows } = await statementsCsv(world.database.db, { affiliateId: ana.id });
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = rowsOf(csv);
    expect(lines[0]).toBe(STATEMENT_CSV_HEADER.join(","));
    expect(rows).toBe(5);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `2026-01-10,"'=SUM(A1)",${ana.code},Commission,"Commission for Jane D., job $9,000.00, paid",500.00,500.00`,
    );
    expect(lines[4]).toBe(
      `2026-03-05,"'=SUM(A1)",${ana.code},Adjustment,"Adjustment for Jane D.: Job value corrected, approved",-100.00,1100.00`,
    );
    expect(lines[2]).toContain(",Payout,");
    expect(lines[2]).toMatch(/,-500\.00,0\.00$/);
    expect(csv).not.toContain("Priya");
  });

  it("writes every affiliate's lines, each with its own balance, within the period", async () => {
    const { csv } = await statementsCsv(world.database.db, {
      from: "2026-03-01",
      to: "2026-03-31",
    });
    const lines = rowsOf(csv);
    const bos = lines.filter((line) => line.includes(bo.code));
    expect(bos).toEqual([
      `2026-03-02,Bo Partner,${bo.code},Commission,"Commission for Priya S., job $6,000.00, approved",30.00,30.00`,
      `2026-03-03,Bo Partner,${bo.code},Payout,Payout by check,-10.00,20.00`,
    ]);
    const anas = lines.filter((line) => line.includes(ana.code));
    expect(anas.map((line) => line.split(",").at(-1))).toEqual(["1200.00", "1100.00", "1700.00"]);
  });

  it("is audited when an admin exports it, with the filter and the count only", async () => {
    const { rows } = await exportStatements(world.database.db, actor, {
      affiliateId: bo.id,
      from: "2026-01-01",
    });
    expect(rows).toBe(2);
    const [audit] = await world.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "affiliates.statements_export"),
          eq(auditEvents.target, `affiliate:${bo.id}`),
        ),
      );
    expect(audit).toMatchObject({
      actorId: actor.id,
      details: { filter: { affiliateId: bo.id, from: "2026-01-01" }, rows: 2 },
    });
  });
});

describe("the portal's earnings, payouts and leads", () => {
  it("says whether what is owed reaches the minimum payout", async () => {
    expect(await portalEarnings(world.database.db, ana.id)).toEqual({
      pendingCents: 60_000,
      approvedCents: 110_000,
      paidCents: 50_000,
      minimumPayoutCents: 5_000,
      reachesMinimum: true,
    });
    expect(await portalEarnings(world.database.db, bo.id)).toMatchObject({
      approvedCents: 3_000,
      reachesMinimum: false,
    });
  });

  it("lists only the recorded payouts, newest first", async () => {
    expect(await portalPayouts(world.database.db, ana.id)).toEqual([
      expect.objectContaining({
        paidOn: "2026-02-15",
        amountCents: 50_000,
        method: "check",
        reference: "CHK-1001",
      }),
    ]);
  });

  it("shows each won lead's commission and where it stands", async () => {
    const { leads } = await portalLeads(world.database.db, ana.id, { page: 1 });
    const byName = Object.fromEntries(leads.map((lead) => [lead.name, lead.commission]));
    expect(byName).toEqual({
      "Jane D.": { amountCents: 50_000, status: "paid", holdEndsOn: null, voidReason: null },
      "Omar R.": { amountCents: 120_000, status: "approved", holdEndsOn: null, voidReason: null },
      "Lena S.": {
        amountCents: 60_000,
        status: "pending",
        holdEndsOn: "2099-04-19",
        voidReason: null,
      },
      "Vic V.": {
        amountCents: 50_000,
        status: "void",
        holdEndsOn: null,
        voidReason: "A duplicate of an earlier lead for the same person",
      },
    });
  });
});
