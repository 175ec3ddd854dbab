import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadStatusChanges, referralClicks, type LeadStatus } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { insertAffiliate } from "./affiliate-records.server";
import {
  parsePortalLeadsQuery,
  parsePortalPeriod,
  portalDashboard,
  portalLeads,
  PORTAL_LEADS_PAGE_SIZE,
  type PortalDashboard,
  type PortalPeriod,
} from "./portal.server";

let database: TestDatabase;
let harborId: string;
let otherId: string;
let quietId: string;
let busyId: string;
/** 10:00 in New York (EST) on Friday, November 20, 2026. */
const NOW = new Date("2026-11-20T15:00:00Z");
const ids: Record<string, string> = {};

async function affiliate(code: string) {
  const id = await insertAffiliate(database.db, {
    code,
    name: code,
    email: `${code}@example.com`,
    status: "approved",
  });
  if (!id) throw new Error("affiliate not inserted");
  return id;
}

async function click(affiliateId: string | null, at: string, times = 1) {
  for (let index = 0; index < times; index += 1) {
    await database.db.insert(referralClicks).values({
      code: affiliateId ? "harbor-design" : "nobody",
      affiliateId,
      landingPath: "/",
      createdAt: new Date(at),
    });
  }
}

async function lead(
  key: string,
  affiliateId: string,
  at: string,
  status: LeadStatus,
  extra: Parameters<typeof insertLead>[1] = {},
) {
  const row = await insertLead(database.db, {
    affiliateId,
    affiliateCode: "harbor-design",
    createdAt: new Date(at),
    updatedAt: new Date(at),
    status,
    firstName: "Jane",
    lastName: `doe-${key}`,
    email: `jane.${key}@customer.example`,
    phone: "+16175550199",
    ...extra,
  });
  ids[key] = row.id;
  return row.id;
}

async function statusChange(leadId: string, from: LeadStatus, to: LeadStatus, at: string) {
  await database.db
    .insert(leadStatusChanges)
    .values({ leadId, fromStatus: from, toStatus: to, createdAt: new Date(at) });
}

beforeAll(async () => {
  database = await createTestDatabase();
  harborId = await affiliate("harbor-design");
  otherId = await affiliate("other-partner");
  quietId = await affiliate("quiet-partner");
  busyId = await affiliate("busy-partner");

  // Harbor's clicks. Today in New York starts at 05:00Z (EST).
  await click(harborId, "2026-11-20T14:00:00Z", 2);
  // Yesterday evening in New York, though already the 20th in UTC.
  await click(harborId, "2026-11-20T04:59:59Z");
  // The 7 days are November 14 to 20.
  await click(harborId, "2026-11-14T05:00:00Z");
  await click(harborId, "2026-11-14T04:59:00Z");
  // The 30 days start on October 22, before daylight saving ended (midnight is 04:00Z).
  await click(harborId, "2026-10-22T04:00:00Z");
  await click(harborId, "2026-10-22T03:59:59Z");
  // Later than "now": never counted.
  await click(harborId, "2026-11-20T15:00:01Z");
  // Long ago: only in "all time".
  await click(harborId, "2025-06-01T12:00:00Z");
  // Somebody else's, and a code that credits nobody.
  await click(otherId, "2026-11-20T14:00:00Z", 5);
  await click(null, "2026-11-20T14:00:00Z", 4);

  // Harbor's leads.
  await lead("today", harborId, "2026-11-20T14:00:00Z", "new");
  const won = await lead("won", harborId, "2026-11-19T16:00:00Z", "won");
  await statusChange(won, "new", "contacted", "2026-11-19T17:00:00Z");
  // 22:00 on the 19th in New York.
  await statusChange(won, "contacted", "won", "2026-11-20T03:00:00Z");
  // The job value changed later, the status did not.
  await statusChange(won, "won", "won", "2026-11-20T14:30:00Z");
  const self = await lead("self", harborId, "2026-11-14T05:00:00Z", "contacted", {
    selfReferral: true,
  });
  await statusChange(self, "new", "contacted", "2026-11-16T12:00:00Z");
  await lead("lost", harborId, "2026-10-22T04:00:00Z", "lost");
  await lead("older-won", harborId, "2026-10-21T12:00:00Z", "won");
  await lead("last-year", harborId, "2025-06-01T12:00:00Z", "appointment_set");

  // Somebody else's leads, on the same days and in the same statuses.
  const theirs = await lead("theirs", otherId, "2026-11-20T14:00:00Z", "won");
  await statusChange(theirs, "new", "won", "2026-11-20T14:10:00Z");
  await lead("theirs-too", otherId, "2026-11-19T16:00:00Z", "new");
  // A lead without an affiliate.
  await insertLead(database.db, { createdAt: new Date("2026-11-20T14:00:00Z"), status: "won" });

  for (let index = 0; index < PORTAL_LEADS_PAGE_SIZE + 3; index += 1) {
    await lead(
      `busy-${index}`,
      busyId,
      new Date(Date.UTC(2026, 10, 1, 12, index)).toISOString(),
      "new",
    );
  }
});

afterAll(async () => {
  await database?.destroy();
});

const dashboard = (affiliateId: string, period: PortalPeriod) =>
  portalDashboard(database.db, affiliateId, period, NOW);

const sum = (figures: PortalDashboard, key: "clicks" | "leads") =>
  figures.series.reduce((total, point) => total + point[key], 0);

const statusCounts = (figures: PortalDashboard) =>
  Object.fromEntries(figures.byStatus.map((row) => [row.status, row.count]));

describe("the portal dashboard's figures", () => {
  it("counts the last 7 calendar days in New York, today included", async () => {
    const figures = await dashboard(harborId, 7);
    expect(figures).toMatchObject({
      period: 7,
      from: "2026-11-14",
      to: "2026-11-20",
      granularity: "day",
      clicks: 4,
      leads: 3,
      won: 1,
      leadsPerClick: 0.75,
    });
    expect(figures.wonPerLead).toBeCloseTo(1 / 3);
    expect(statusCounts(figures)).toEqual({
      new: 1,
      contacted: 1,
      appointment_set: 0,
      estimate_given: 0,
      won: 1,
      lost: 0,
    });
    expect(figures.byStatus.map((row) => row.label)).toEqual([
      "New",
      "Contacted",
      "Appointment set",
      "Estimate given",
      "Won",
      "Lost",
    ]);
    expect(figures.series).toEqual([
      { start: "2026-11-14", clicks: 1, leads: 1 },
      { start: "2026-11-15", clicks: 0, leads: 0 },
      { start: "2026-11-16", clicks: 0, leads: 0 },
      { start: "2026-11-17", clicks: 0, leads: 0 },
      { start: "2026-11-18", clicks: 0, leads: 0 },
      { start: "2026-11-19", clicks: 1, leads: 1 },
      { start: "2026-11-20", clicks: 2, leads: 1 },
    ]);
  });

  it("counts 30 days across the end of daylight saving, a point for each day", async () => {
    const figures = await dashboard(harborId, 30);
    expect(figures).toMatchObject({ from: "2026-10-22", clicks: 6, leads: 4, won: 1 });
    expect(statusCounts(figures)).toMatchObject({ lost: 1, won: 1 });
    expect(figures.series).toHaveLength(30);
    expect(figures.series[0]).toEqual({ start: "2026-10-22", clicks: 1, leads: 1 });
    expect(figures.series.at(-1)?.start).toBe("2026-11-20");
    // Every day once, even the 25-hour day (November 1).
    expect(new Set(figures.series.map((point) => point.start)).size).toBe(30);
    expect(sum(figures, "clicks")).toBe(6);
    expect(sum(figures, "leads")).toBe(4);
  });

  it("counts 90 days", async () => {
    const figures = await dashboard(harborId, 90);
    expect(figures).toMatchObject({ from: "2026-08-23", clicks: 7, leads: 5, won: 2 });
    expect(figures.series).toHaveLength(90);
  });

  it("gives 12 months and all time by week, from Monday", async () => {
    const year = await dashboard(harborId, 365);
    expect(year).toMatchObject({ granularity: "week", from: "2025-11-21", clicks: 7, leads: 5 });
    expect(year.series[0]?.start).toBe("2025-11-17");
    expect(year.series.at(-1)?.start).toBe("2026-11-16");
    expect(year.series).toHaveLength(53);
    expect(sum(year, "clicks")).toBe(7);
    expect(sum(year, "leads")).toBe(5);
    // The week of Monday, November 16: the 14th is the week before.
    expect(year.series.at(-1)).toEqual({ start: "2026-11-16", clicks: 3, leads: 2 });

    const all = await dashboard(harborId, "all");
    expect(all).toMatchObject({
      granularity: "week",
      from: "2025-06-01",
      to: "2026-11-20",
      clicks: 8,
      leads: 6,
      won: 2,
    });
    expect(all.series[0]).toEqual({ start: "2025-05-26", clicks: 1, leads: 1 });
    expect(sum(all, "clicks")).toBe(8);
    expect(sum(all, "leads")).toBe(6);
  });

  it("never counts another affiliate's clicks or leads", async () => {
    const theirs = await dashboard(otherId, 7);
    expect(theirs).toMatchObject({ clicks: 5, leads: 2, won: 1 });
    expect(theirs.series.at(-1)).toEqual({ start: "2026-11-20", clicks: 5, leads: 1 });
  });

  it("has no rates without clicks or leads, and all time is this week alone", async () => {
    const figures = await dashboard(quietId, "all");
    expect(figures).toMatchObject({
      clicks: 0,
      leads: 0,
      won: 0,
      leadsPerClick: null,
      wonPerLead: null,
      from: "2026-11-20",
      to: "2026-11-20",
    });
    expect(figures.series).toEqual([{ start: "2026-11-16", clicks: 0, leads: 0 }]);
    expect((await dashboard(quietId, 7)).series).toHaveLength(7);
  });
});

describe("the portal's list of leads", () => {
  it("shows each lead as first name and initial, with nothing that reaches the customer", async () => {
    const page = await portalLeads(database.db, harborId, { page: 1 });
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 6, hasAnyLeads: true });
    expect(page.leads.map((row) => row.id)).toEqual([
      ids.today,
      ids.won,
      ids.self,
      ids.lost,
      ids["older-won"],
      ids["last-year"],
    ]);
    expect(page.leads[0]).toEqual({
      id: ids.today,
      receivedOn: "2026-11-20",
      name: "Jane D.",
      service: "Bathroom Remodeling",
      status: "new",
      statusLabel: "New",
      statusTone: "info",
      statusChangedOn: null,
      selfReferral: false,
      commission: null,
    });
    for (const row of page.leads) {
      expect(Object.keys(row).sort()).toEqual([
        "commission",
        "id",
        "name",
        "receivedOn",
        "selfReferral",
        "service",
        "status",
        "statusChangedOn",
        "statusLabel",
        "statusTone",
      ]);
    }
    const shown = JSON.stringify(page);
    expect(shown).not.toMatch(/customer\.example|6175550199|doe-|email|phone/i);
  });

  it("dates the last change of status, not a change of job value alone", async () => {
    const { leads } = await portalLeads(database.db, harborId, { page: 1 });
    const byId = new Map(leads.map((row) => [row.id, row]));
    // Won at 22:00 on the 19th, New York time; its job value changed on the 20th.
    expect(byId.get(ids.won!)).toMatchObject({ statusChangedOn: "2026-11-19", statusLabel: "Won" });
    expect(byId.get(ids.self!)).toMatchObject({
      statusChangedOn: "2026-11-16",
      selfReferral: true,
      receivedOn: "2026-11-14",
    });
    expect(byId.get(ids.lost!)).toMatchObject({ statusChangedOn: null, receivedOn: "2026-10-22" });
  });

  it("filters by status, among this affiliate's leads only", async () => {
    const won = await portalLeads(database.db, harborId, { page: 1, status: "won" });
    expect(won).toMatchObject({ total: 2, pageCount: 1, hasAnyLeads: true });
    expect(won.leads.map((row) => row.id)).toEqual([ids.won, ids["older-won"]]);

    const none = await portalLeads(database.db, harborId, { page: 1, status: "estimate_given" });
    expect(none).toMatchObject({ leads: [], total: 0, pageCount: 1, hasAnyLeads: true });

    const theirs = await portalLeads(database.db, otherId, { page: 1 });
    expect(theirs.leads.map((row) => row.id)).toEqual([ids.theirs, ids["theirs-too"]]);
  });

  it("says when the affiliate has no leads at all", async () => {
    expect(await portalLeads(database.db, quietId, { page: 1 })).toEqual({
      leads: [],
      page: 1,
      pageCount: 1,
      total: 0,
      hasAnyLeads: false,
    });
  });

  it("pages newest first", async () => {
    const first = await portalLeads(database.db, busyId, { page: 1 });
    const second = await portalLeads(database.db, busyId, { page: 2 });
    expect(first).toMatchObject({ pageCount: 2, total: PORTAL_LEADS_PAGE_SIZE + 3 });
    expect(first.leads).toHaveLength(PORTAL_LEADS_PAGE_SIZE);
    expect(second.leads.map((row) => row.id)).toEqual([
      ids["busy-2"],
      ids["busy-1"],
      ids["busy-0"],
    ]);
    expect(first.leads[0]?.id).toBe(ids[`busy-${PORTAL_LEADS_PAGE_SIZE + 2}`]);
    expect((await portalLeads(database.db, busyId, { page: 3 })).leads).toEqual([]);
  });
});

describe("the portal's query strings", () => {
  it.each<[string, PortalPeriod]>([
    ["", 30],
    ["period=7", 7],
    ["period=30", 30],
    ["period=90", 90],
    ["period=365", 365],
    ["period=all", "all"],
    ["period=14", 30],
    ["period=ALL", 30],
    ["period=7.0", 30],
  ])("?%s is the period %s", (query, period) => {
    expect(parsePortalPeriod(new URLSearchParams(query))).toBe(period);
  });

  it.each<[string, ReturnType<typeof parsePortalLeadsQuery>]>([
    ["", { page: 1 }],
    ["page=3", { page: 3 }],
    ["page=0", { page: 1 }],
    ["page=-2", { page: 1 }],
    ["page=two", { page: 1 }],
    ["page=1.5", { page: 1 }],
    ["status=won&page=2", { page: 2, status: "won" }],
    ["status=", { page: 1 }],
    ["status=paid", { page: 1 }],
  ])("?%s is %j", (query, parsed) => {
    expect(parsePortalLeadsQuery(new URLSearchParams(query))).toEqual(parsed);
  });
});
