import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsDaily, analyticsEvents, companySettings } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { testDatabaseForFile } from "~/db/test-database.server";
import { forgetCompanySettings } from "~/modules/settings/settings.server";
import { retentionStartDay, rollUpExpiredEvents } from "./retention.server";

const database = testDatabaseForFile();
const NOW = new Date("2026-11-27T15:00:00.000Z");

beforeAll(async () => {
  await ensureCompanySettings(database.db);
});

const event = (
  createdAt: string,
  overrides: Partial<typeof analyticsEvents.$inferInsert> = {},
) => ({
  name: "page_view",
  path: "/bathrooms",
  properties: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
  createdAt: new Date(createdAt),
  visitorId: "visitor-0001",
  sessionId: "session-0001",
  referrerHost: "www.google.com",
  device: "desktop",
  browser: "Chrome",
  ...overrides,
});

const totals = async () => {
  const [row] = await database.db
    .select({
      events: sql<number>`coalesce(sum(${analyticsDaily.events}), 0)::int`,
    })
    .from(analyticsDaily);
  const [raw] = await database.db
    .select({ events: sql<number>`count(*)::int` })
    .from(analyticsEvents);
  return { rolled: row?.events ?? 0, raw: raw?.events ?? 0 };
};

describe("analytics retention", () => {
  it("starts keeping from the company day the retention's months before", () => {
    expect(retentionStartDay(NOW, 13)).toBe("2025-10-27");
    // 02:00 UTC is still the evening before in New York.
    expect(retentionStartDay(new Date("2026-11-27T02:00:00Z"), 1)).toBe("2026-10-26");
  });

  it("rolls events past the retention into daily totals by New York day, and deletes them", async () => {
    await database.db.update(companySettings).set({ analyticsRetentionMonths: 2 });
    forgetCompanySettings(database.db);
    await database.db.insert(analyticsEvents).values([
      // 2026-09-10 in New York: two visitors, three sessions, four page views.
      event("2026-09-10T14:00:00Z"),
      event("2026-09-10T15:00:00Z"),
      event("2026-09-10T16:00:00Z", { sessionId: "session-0002" }),
      event("2026-09-11T03:59:00Z", { visitorId: "visitor-0002", sessionId: "session-0003" }),
      // Another group of the same day: a mobile visit with no campaign.
      event("2026-09-10T17:00:00Z", {
        device: "mobile",
        browser: "Safari",
        properties: {},
        referrerHost: null,
        path: null,
      }),
      // A bot on the next New York day (04:30 UTC is 00:30 in New York).
      event("2026-09-11T04:30:00Z", { isBot: true, device: "bot", visitorId: null }),
      // Kept: after the retention's start (2026-09-27).
      event("2026-09-27T12:00:00Z"),
      event("2026-11-26T12:00:00Z"),
    ]);
    const before = await totals();

    const result = await rollUpExpiredEvents(database, NOW);

    expect(result).toEqual({ days: 2, events: 6 });
    const after = await totals();
    expect(after.raw).toBe(2);
    expect(after.rolled + after.raw).toBe(before.raw);
    const daily = await database.db
      .select()
      .from(analyticsDaily)
      .orderBy(analyticsDaily.day, analyticsDaily.device);
    expect(daily).toEqual([
      {
        day: "2026-09-10",
        name: "page_view",
        path: "/bathrooms",
        referrerHost: "www.google.com",
        utmSource: "google",
        utmMedium: "cpc",
        utmCampaign: "spring",
        device: "desktop",
        browser: "Chrome",
        isBot: false,
        events: 4,
        visitors: 2,
        sessions: 3,
      },
      {
        day: "2026-09-10",
        name: "page_view",
        path: "",
        referrerHost: "",
        utmSource: "",
        utmMedium: "",
        utmCampaign: "",
        device: "mobile",
        browser: "Safari",
        isBot: false,
        events: 1,
        visitors: 1,
        sessions: 1,
      },
      expect.objectContaining({
        day: "2026-09-11",
        isBot: true,
        device: "bot",
        events: 1,
        visitors: 0,
      }),
    ]);

    // A second run finds nothing more; a late event of a rolled day adds to its totals.
    expect(await rollUpExpiredEvents(database, NOW)).toEqual({ days: 0, events: 0 });
    await database.db.insert(analyticsEvents).values([event("2026-09-10T20:00:00Z")]);
    expect(await rollUpExpiredEvents(database, NOW)).toEqual({ days: 1, events: 1 });
    const [desktop] = daily;
    const [updated] = await database.db
      .select()
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.day} = '2026-09-10' and ${analyticsDaily.device} = 'desktop'`);
    expect(updated).toMatchObject({ events: desktop!.events + 1 });
  });
});
