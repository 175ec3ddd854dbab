import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import { spamSubmissions, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { getDashboardFigures, type DashboardFigures } from "./dashboard.server";

let database: TestDatabase;
let figures: DashboardFigures;
/** 10:00 in New York (EST) on Friday, November 20, 2026. */
const NOW = new Date("2026-11-20T15:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  const harborId = await insertAffiliate(database.db, {
    code: "harbor-design",
    name: "Harbor Interior Design",
    email: "h@example.com",
    status: "approved",
  });

  const lead = (createdAt: string, source: string, extra: Parameters<typeof insertLead>[1] = {}) =>
    insertLead(database.db, { createdAt: new Date(createdAt), source, ...extra });
  const byHarbor = { affiliateCode: "harbor-design", affiliateId: harborId! };

  // Today, company time, starts at 05:00Z (EST).
  await lead("2026-11-20T14:00:00Z", "Google", byHarbor);
  await lead("2026-11-20T05:00:00Z", "Google");
  // Yesterday evening in New York, though already the 20th in UTC.
  await lead("2026-11-20T04:59:59Z", "Facebook", { affiliateCode: "unknown-code" });
  // The 7 days are November 14 to 20.
  await lead("2026-11-14T05:00:00Z", "Google", byHarbor);
  await lead("2026-11-14T04:59:00Z", "TV");
  // The 30 days start on October 22, before daylight saving ended (midnight is 04:00Z).
  const first = await lead("2026-10-22T04:00:00Z", "Referral", byHarbor);
  await lead("2026-10-22T03:59:59Z", "Radio");
  // Later than "now": not counted.
  await lead("2026-11-20T15:00:01Z", "Radio");

  const [endpoint] = await database.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.com/lead?token=secret", description: "" })
    .returning();
  const delivery = async (status: "pending" | "failed" | "delivered", attempts: number) => {
    const target = await insertLead(database.db, {
      source: "Old",
      createdAt: new Date("2025-01-01"),
    });
    await database.db.insert(webhookDeliveries).values({
      leadId: target.id,
      endpointId: endpoint!.id,
      status,
      attempts,
      lastAttemptAt: attempts > 0 ? new Date("2026-11-19T12:00:00Z") : null,
      lastError: attempts > 0 ? "HTTP 500" : null,
    });
  };
  await delivery("failed", 12);
  await delivery("failed", 3);
  await delivery("pending", 2);
  await delivery("pending", 0);
  await delivery("delivered", 1);

  const spam = (createdAt: string) =>
    database.db.insert(spamSubmissions).values({
      reason: "honeypot",
      payload: {},
      createdAt: new Date(createdAt),
    });
  await spam("2026-11-20T10:00:00Z");
  await spam("2026-10-22T04:00:00Z");
  await spam("2026-10-22T03:00:00Z");

  figures = await getDashboardFigures(database.db, NOW);
  expect(first.id).toBeTruthy();
});

afterAll(async () => {
  await database?.destroy();
});

describe("the dashboard", () => {
  it("counts new leads by calendar day in New York", () => {
    expect(figures.newLeads).toEqual({ today: 2, last7Days: 4, last30Days: 6 });
  });

  it("groups the last 30 days by source and by affiliate", () => {
    expect(figures.bySource).toEqual([
      { label: "Google", count: 3 },
      { label: "Facebook", count: 1 },
      { label: "Referral", count: 1 },
      { label: "TV", count: 1 },
    ]);
    expect(figures.byAffiliate).toEqual([
      { code: "harbor-design", label: "Harbor Interior Design", count: 3 },
      { code: "unknown-code", label: "unknown-code", count: 1 },
    ]);
    expect(figures.withoutAffiliate).toBe(2);
  });

  it("counts failing deliveries: given up, and pending after a failed attempt", () => {
    expect(figures.deliveries.failed).toBe(2);
    expect(figures.deliveries.retrying).toBe(1);
    expect(figures.deliveries.latest).toHaveLength(3);
    expect(figures.deliveries.latest[0]).toMatchObject({
      endpoint: "hooks.example.com",
      lastError: "HTTP 500",
    });
  });

  it("counts spam caught in the last 30 days", () => {
    expect(figures.spamLast30Days).toBe(2);
  });

  it("lists the latest leads, newest first", () => {
    expect(figures.latestLeads).toHaveLength(8);
    const times = figures.latestLeads.map((lead) => lead.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(figures.latestLeads[0]?.createdAt.toISOString()).toBe("2026-11-20T15:00:01.000Z");
  });
});
