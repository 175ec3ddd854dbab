import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  analyticsDaily,
  analyticsEvents,
  auditEvents,
  companySettings,
  leadStatusChanges,
} from "~/db/schema";
import type { NewAnalyticsEvent, Touch } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { staffLeadDatabaseForFile } from "~/modules/leads/lead-test-fixtures";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { exportAnalyticsTable } from "./reports-tables.server";
import { analyticsReport, type AnalyticsReport } from "./reports.server";

/** 10:00 in New York (EST) on Friday, November 20, 2026: "last 7 days" is November 14 to 20. */
const NOW = new Date("2026-11-20T15:00:00Z");

const actor: Actor = { id: "staff-analytics-1", email: "ana@lumenbath.example", ip: "203.0.113.4" };
const database = staffLeadDatabaseForFile(actor, "Ana Admin");

function event(at: string, values: Partial<NewAnalyticsEvent> = {}): NewAnalyticsEvent {
  return {
    name: "page_view",
    path: "/",
    properties: {},
    createdAt: new Date(at),
    occurredAt: new Date(at),
    device: "desktop",
    browser: "Chrome",
    os: "Windows",
    isBot: false,
    botConfidence: 0,
    ...values,
  };
}

const touch = (landingPath: string, params: Record<string, string>, referrer?: string): Touch => ({
  at: "2026-11-10T12:00:00Z",
  landingPath,
  params,
  ...(referrer ? { referrer } : {}),
});

describe("the analytics report from raw events and leads", () => {
  let report: AnalyticsReport;
  let lastTouch: AnalyticsReport;
  let previous30: AnalyticsReport;

  beforeAll(async () => {
    const { db } = database;
    const visitorA = { visitorId: "visitor-a", sessionId: "session-a1" };
    const visitorB1 = { visitorId: "visitor-b", sessionId: "session-b1" };
    const visitorB2 = { visitorId: "visitor-b", sessionId: "session-b2" };
    const mobileSafari = { device: "mobile", browser: "Safari", os: "iOS" };
    await db.insert(analyticsEvents).values([
      // Visitor A lands from a Google ad, reads a second page and starts the form.
      event("2026-11-20T14:00:00Z", {
        ...visitorA,
        path: "/",
        referrerHost: "www.google.com",
        properties: {
          utm_source: "google",
          utm_campaign: "spring",
          gclid: "abc",
          screen: "1920x1080",
        },
      }),
      event("2026-11-20T14:01:00Z", { ...visitorA, path: "/bathrooms" }),
      event("2026-11-20T14:02:00Z", { ...visitorA, name: "form_start", path: "/bathrooms" }),
      event("2026-11-20T14:05:00Z", {
        ...visitorA,
        name: "contact_form_submission",
        path: "/bathrooms",
        properties: { leadId: "00000000-0000-4000-8000-000000000001" },
        device: null,
        browser: null,
      }),
      // Visitor B: two sessions of one page each, from Facebook then directly.
      event("2026-11-18T15:00:00Z", {
        ...visitorB1,
        ...mobileSafari,
        path: "/bathrooms",
        referrerHost: "facebook.com",
        properties: { fbclid: "xyz" },
      }),
      event("2026-11-19T15:00:00Z", { ...visitorB2, ...mobileSafari, path: "/" }),
      // Visitor C at the first instant of November 14 in New York, and a phone click.
      event("2026-11-14T05:00:00Z", {
        visitorId: "visitor-c",
        sessionId: "session-c1",
        path: "/about-us",
        browser: "Firefox",
      }),
      event("2026-11-14T05:01:00Z", {
        visitorId: "visitor-c",
        sessionId: "session-c1",
        name: "phone_click",
        path: "/about-us",
        browser: "Firefox",
      }),
      // A bot: its own figure, in no other.
      ...[0, 1].map((minute) =>
        event(`2026-11-19T10:0${minute}:00Z`, {
          visitorId: "bot-1",
          sessionId: "bot-session",
          path: "/",
          referrerHost: "spam.example",
          device: "bot",
          browser: "HeadlessChrome",
          isBot: true,
          botConfidence: 0.9,
          botType: "automation",
          properties: { utm_source: "spam", gclid: "bot" },
        }),
      ),
      event("2026-11-19T10:02:00Z", {
        visitorId: "bot-1",
        sessionId: "bot-session",
        name: "form_start",
        device: "bot",
        isBot: true,
        botConfidence: 0.9,
      }),
      // The period before (November 7 to 13): the last instant of the 13th in New York...
      event("2026-11-14T04:59:59Z", { visitorId: "visitor-e", sessionId: "session-e1" }),
      // ...and visitor D's two page views on the 10th.
      event("2026-11-10T15:00:00Z", { visitorId: "visitor-d", sessionId: "session-d1" }),
      event("2026-11-10T15:01:00Z", {
        visitorId: "visitor-d",
        sessionId: "session-d1",
        path: "/reviews",
      }),
      // Tomorrow in New York: after the period.
      event("2026-11-21T05:00:00Z", { visitorId: "visitor-f", sessionId: "session-f1" }),
    ]);

    const harbor = await insertAffiliate(db, {
      code: "harbor-design",
      name: "Harbor Interior Design",
      email: "harbor@example.com",
      status: "approved",
    });
    const won = await insertLead(db, {
      createdAt: new Date("2026-11-19T16:00:00Z"),
      firstTouch: touch("/", { utm_source: "google", utm_campaign: "spring" }),
      lastTouch: touch("/bathrooms", {}, "facebook.com"),
      affiliateId: harbor!,
      affiliateCode: "harbor-design",
      status: "won",
      jobValueCents: 1_250_000,
    });
    const lost = await insertLead(db, {
      createdAt: new Date("2026-11-18T16:00:00Z"),
      firstTouch: touch("/bathrooms", {}, "facebook.com"),
      lastTouch: touch("/", { utm_source: "newsletter", utm_campaign: "fall" }),
      status: "lost",
      lostReason: "Budget",
    });
    await insertLead(db, { createdAt: new Date("2026-11-15T16:00:00Z") });
    await insertLead(db, {
      createdAt: new Date("2026-11-16T16:00:00Z"),
      firstTouch: touch("/", { utm_source: "google", utm_campaign: "spring" }),
      lastTouch: touch("/", { utm_source: "google", utm_campaign: "spring" }),
      status: "estimate_given",
    });
    // The period before.
    await insertLead(db, {
      createdAt: new Date("2026-11-12T16:00:00Z"),
      firstTouch: touch("/", { utm_source: "google" }),
      status: "won",
      jobValueCents: 99_900,
    });
    await db.insert(leadStatusChanges).values([
      { leadId: won.id, fromStatus: "new", toStatus: "appointment_set" },
      { leadId: won.id, fromStatus: "appointment_set", toStatus: "won", jobValueCents: 1_250_000 },
      { leadId: lost.id, fromStatus: "new", toStatus: "appointment_set" },
      { leadId: lost.id, fromStatus: "appointment_set", toStatus: "lost" },
    ]);

    report = await analyticsReport(db, { period: "last7", touch: "first" }, { now: NOW });
    lastTouch = await analyticsReport(db, { period: "last7", touch: "last" }, { now: NOW });
    previous30 = await analyticsReport(db, { period: "last30", touch: "first" }, { now: NOW });
  });

  it("covers today and the six days before, and the seven days before those", () => {
    expect(report.period).toEqual({ from: "2026-11-14", to: "2026-11-20" });
    expect(report.previousPeriod).toEqual({ from: "2026-11-07", to: "2026-11-13" });
    expect(report.sources).toEqual({ daily: null, raw: report.period });
  });

  it("counts visitors, sessions, page views and bounces of people only", () => {
    expect(report.figures).toEqual({ visitors: 3, sessions: 4, pageViews: 5, bounceRate: 0.75 });
  });

  it("compares with the period before, the New York day boundary included", () => {
    expect(report.previousFigures).toEqual({
      visitors: 2,
      sessions: 2,
      pageViews: 3,
      bounceRate: 0.5,
    });
    expect(report.previousBots).toEqual({ events: 0, pageViews: 0, visitors: 0 });
  });

  it("keeps bots apart: their own figure, and in no other", () => {
    expect(report.bots).toEqual({ events: 3, pageViews: 2, visitors: 1 });
    const labels = [
      ...report.referrers,
      ...report.trafficSources,
      ...report.devices,
      ...report.browsers,
    ].map((row) => row.label);
    expect(labels).not.toContain("spam.example");
    expect(labels).not.toContain("spam");
    expect(labels).not.toContain("bot");
    expect(labels).not.toContain("HeadlessChrome");
    expect(report.funnel.formStarts).toBe(1);
    expect(report.clickIds.find((row) => row.label === "gclid")).toEqual({
      label: "gclid",
      pageViews: 1,
      sessions: 1,
    });
  });

  it("has every day of the period in the daily series", () => {
    expect(report.series.map((day) => day.day)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    const byDay = Object.fromEntries(report.series.map((day) => [day.day, day]));
    expect(byDay["2026-11-20"]).toEqual({
      day: "2026-11-20",
      visitors: 1,
      sessions: 1,
      pageViews: 2,
    });
    expect(byDay["2026-11-19"]).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(byDay["2026-11-14"]).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(byDay["2026-11-15"]).toMatchObject({ visitors: 0, pageViews: 0 });
  });

  it("breaks page views down by page, referrer, device and browser", () => {
    expect(report.pages).toEqual([
      { label: "/", count: 2, visitors: 2, sessions: 2 },
      { label: "/bathrooms", count: 2, visitors: 2, sessions: 2 },
      { label: "/about-us", count: 1, visitors: 1, sessions: 1 },
    ]);
    expect(report.referrers).toEqual([
      { label: "facebook.com", count: 1, visitors: 1, sessions: 1 },
      { label: "www.google.com", count: 1, visitors: 1, sessions: 1 },
    ]);
    expect(report.devices).toEqual([
      { label: "desktop", count: 3, visitors: 2, sessions: 2 },
      { label: "mobile", count: 2, visitors: 1, sessions: 2 },
    ]);
    expect(report.browsers.map((row) => [row.label, row.count])).toEqual([
      ["Chrome", 2],
      ["Safari", 2],
      ["Firefox", 1],
    ]);
  });

  it("credits each session to its landing page view: landing pages, sources, campaigns", () => {
    expect(report.landingPages).toEqual([
      { label: "/", sessions: 2, visitors: 2, bounceRate: 0.5 },
      { label: "/about-us", sessions: 1, visitors: 1, bounceRate: 1 },
      { label: "/bathrooms", sessions: 1, visitors: 1, bounceRate: 1 },
    ]);
    expect(report.trafficSources).toEqual([
      { label: "direct", count: 2, visitors: 2, sessions: 2 },
      { label: "facebook.com", count: 1, visitors: 1, sessions: 1 },
      { label: "google", count: 1, visitors: 1, sessions: 1 },
    ]);
    expect(report.campaigns).toEqual([{ label: "spring", count: 1, visitors: 1, sessions: 1 }]);
  });

  it("counts the page views and sessions that carried each click id", () => {
    const clickIds = Object.fromEntries(report.clickIds.map((row) => [row.label, row]));
    expect(clickIds.gclid).toMatchObject({ pageViews: 1, sessions: 1 });
    expect(clickIds.fbclid).toMatchObject({ pageViews: 1, sessions: 1 });
    expect(clickIds.msclkid).toMatchObject({ pageViews: 0, sessions: 0 });
  });

  it("counts events by name, people only", () => {
    expect(report.events).toEqual([
      { label: "page_view", count: 5, visitors: 3, sessions: 4 },
      { label: "contact_form_submission", count: 1, visitors: 1, sessions: 1 },
      { label: "form_start", count: 1, visitors: 1, sessions: 1 },
      { label: "phone_click", count: 1, visitors: 1, sessions: 1 },
    ]);
  });

  it("runs the funnel from visit to won job", () => {
    expect(report.funnel).toEqual({
      visitors: 3,
      formStarts: 1,
      leads: 4,
      // The won lead, the estimate, and the lost lead that had an appointment first.
      appointments: 3,
      won: 1,
    });
  });

  it("credits leads, won jobs and their value to the first touch", () => {
    const { closedLoop } = report;
    expect(closedLoop.touch).toBe("first");
    expect(closedLoop.bySource).toEqual([
      { label: "google", leads: 2, won: 1, wonValueCents: 1_250_000 },
      { label: "direct", leads: 1, won: 0, wonValueCents: 0 },
      { label: "facebook.com", leads: 1, won: 0, wonValueCents: 0 },
    ]);
    expect(closedLoop.byCampaign).toEqual([
      { label: "spring", leads: 2, won: 1, wonValueCents: 1_250_000 },
      { label: "(none)", leads: 2, won: 0, wonValueCents: 0 },
    ]);
    expect(closedLoop.byLandingPage).toEqual([
      { label: "/", leads: 2, won: 1, wonValueCents: 1_250_000 },
      { label: "(unknown)", leads: 1, won: 0, wonValueCents: 0 },
      { label: "/bathrooms", leads: 1, won: 0, wonValueCents: 0 },
    ]);
    expect(closedLoop.byAffiliate).toEqual([
      { label: "No affiliate", leads: 3, won: 0, wonValueCents: 0 },
      {
        label: "Harbor Interior Design (harbor-design)",
        leads: 1,
        won: 1,
        wonValueCents: 1_250_000,
      },
    ]);
  });

  it("credits them to the last touch when asked", () => {
    const { closedLoop } = lastTouch;
    expect(closedLoop.touch).toBe("last");
    expect(closedLoop.bySource).toEqual([
      { label: "facebook.com", leads: 1, won: 1, wonValueCents: 1_250_000 },
      { label: "direct", leads: 1, won: 0, wonValueCents: 0 },
      { label: "google", leads: 1, won: 0, wonValueCents: 0 },
      { label: "newsletter", leads: 1, won: 0, wonValueCents: 0 },
    ]);
    expect(closedLoop.byCampaign.map((row) => [row.label, row.leads])).toEqual([
      ["(none)", 2],
      ["fall", 1],
      ["spring", 1],
    ]);
    expect(closedLoop.byLandingPage.map((row) => [row.label, row.leads, row.won])).toEqual([
      ["/", 2, 0],
      ["/bathrooms", 1, 1],
      ["(unknown)", 1, 0],
    ]);
    // The figures themselves do not depend on the model.
    expect(lastTouch.figures).toEqual(report.figures);
  });

  it("exports a table as CSV with every row, and audits it", async () => {
    const { csv, rows } = await exportAnalyticsTable(
      database.db,
      actor,
      { period: "last7", touch: "first" },
      "closed-loop-sources",
      NOW,
    );
    expect(rows).toBe(3);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFSource,Leads,Won jobs,Won job value (USD)",
      "google,2,1,12500.00",
      "direct,1,0,0.00",
      "facebook.com,1,0,0.00",
      "",
    ]);
    const landing = await exportAnalyticsTable(
      database.db,
      actor,
      { period: "last7", touch: "first" },
      "landing-pages",
      NOW,
    );
    expect(landing.csv).toContain("Landing page,Sessions,Visitors,Bounce rate (%)\r\n/,2,2,50\r\n");
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "analytics.export"), eq(auditEvents.actorId, actor.id)));
    expect(audit?.details).toEqual({
      table: "closed-loop-sources",
      period: { from: "2026-11-14", to: "2026-11-20" },
      touch: "first",
      rows: 3,
    });
  });

  it("a longer period takes in the earlier days", () => {
    expect(previous30.figures).toMatchObject({ visitors: 5, sessions: 6, pageViews: 8 });
    expect(previous30.funnel.leads).toBe(5);
    expect(previous30.funnel.won).toBe(2);
  });
});

describe("days older than the retention period come from the daily totals", () => {
  let report: AnalyticsReport;

  beforeAll(async () => {
    const { db } = database;
    await db.update(companySettings).set({ analyticsRetentionMonths: 13 });
    // Thirteen months before November 20, 2026: raw events are kept from October 20, 2025.
    const daily = (
      day: string,
      values: Partial<typeof analyticsDaily.$inferInsert> & { events: number },
    ) => ({
      day,
      name: "page_view",
      isBot: false,
      visitors: values.events,
      sessions: values.events,
      ...values,
    });
    await db.insert(analyticsDaily).values([
      daily("2025-10-01", {
        path: "/",
        utmSource: "google",
        utmCampaign: "autumn",
        referrerHost: "www.google.com",
        device: "desktop",
        browser: "Chrome",
        events: 6,
        visitors: 3,
        sessions: 4,
      }),
      daily("2025-10-02", {
        path: "/bathrooms",
        device: "mobile",
        browser: "Safari",
        events: 2,
        visitors: 2,
        sessions: 2,
      }),
      daily("2025-10-02", { name: "form_start", path: "/bathrooms", events: 1, visitors: 1 }),
      daily("2025-10-02", { isBot: true, path: "/", device: "bot", events: 9, visitors: 4 }),
      // The period before (August 31 to September 30, 2025).
      daily("2025-09-15", { path: "/", events: 5, visitors: 2, sessions: 3 }),
      // Not rolled up by the retention rule: raw events of that day are still read instead.
      daily("2025-10-25", { path: "/ignored", events: 100 }),
    ]);
    await db.insert(analyticsEvents).values([
      event("2025-10-25T15:00:00Z", {
        visitorId: "recent",
        sessionId: "recent-1",
        path: "/about-us",
      }),
      event("2025-10-25T15:01:00Z", {
        visitorId: "recent",
        sessionId: "recent-1",
        path: "/reviews",
      }),
    ]);
    report = await analyticsReport(
      db,
      { period: "custom", from: "2025-10-01", to: "2025-10-31", touch: "first" },
      { now: NOW },
    );
  });

  it("splits the period at the last rolled-up day", () => {
    expect(report.sources).toEqual({
      daily: { from: "2025-10-01", to: "2025-10-02" },
      raw: { from: "2025-10-03", to: "2025-10-31" },
    });
    expect(report.retentionMonths).toBe(13);
  });

  it("adds the daily totals to the raw figures; visitors summed per day", () => {
    // Page views 6 + 2 (daily) + 2 (raw); visitors 3 + 2 + 1; sessions 4 + 2 + 1.
    expect(report.figures).toMatchObject({ pageViews: 10, visitors: 6, sessions: 7 });
    // Bounce only from raw events: one session of two page views.
    expect(report.figures.bounceRate).toBe(0);
    expect(report.previousFigures).toEqual({
      pageViews: 5,
      visitors: 2,
      sessions: 3,
      bounceRate: null,
    });
    expect(report.bots).toEqual({ events: 9, pageViews: 9, visitors: 4 });
  });

  it("draws the old days in the series and the breakdowns", () => {
    const byDay = Object.fromEntries(report.series.map((day) => [day.day, day]));
    expect(byDay["2025-10-01"]).toEqual({
      day: "2025-10-01",
      pageViews: 6,
      visitors: 3,
      sessions: 4,
    });
    expect(byDay["2025-10-25"]).toMatchObject({ pageViews: 2, visitors: 1 });
    expect(report.series).toHaveLength(31);
    expect(report.pages.map((row) => [row.label, row.count])).toEqual([
      ["/", 6],
      ["/bathrooms", 2],
      ["/about-us", 1],
      ["/reviews", 1],
    ]);
    expect(report.trafficSources.map((row) => [row.label, row.count])).toEqual([
      ["google", 4],
      ["direct", 3],
    ]);
    expect(report.campaigns.map((row) => row.label)).toEqual(["autumn"]);
    expect(report.referrers.map((row) => row.label)).toEqual(["www.google.com"]);
    expect(report.devices.map((row) => [row.label, row.count])).toEqual([
      ["desktop", 8],
      ["mobile", 2],
    ]);
    expect(report.events.map((row) => [row.label, row.count])).toEqual([
      ["page_view", 10],
      ["form_start", 1],
    ]);
    expect(report.funnel.formStarts).toBe(1);
    // Landing pages come from raw events only.
    expect(report.landingPages.map((row) => row.label)).toEqual(["/about-us"]);
  });
});
