import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
} from "drizzle-orm/pg-core";
import { bigserialId, instant, instantNow } from "./columns";

/** A property value an event may carry (strings bounded on the way in). */
export type EventPropertyValue = string | number | boolean | null;

/**
 * First-party analytics events (docs/decisions/013-first-party-analytics.md): the tracker's
 * page views and events, and the server's own record of each consultation request. Never
 * personal data: no names, e-mail, phone or IP; the visitor id is a random one the
 * browser keeps, and is absent when the visitor opted out or sent Do-Not-Track.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserialId(),
    name: text().notNull(),
    path: text(),
    properties: jsonb().$type<Record<string, EventPropertyValue>>().notNull(),
    /** When the server stored it (the time every report uses). */
    createdAt: instantNow(),
    /** When the browser says it happened (kept for ordering within a batch). */
    occurredAt: instant(),
    visitorId: text(),
    sessionId: text(),
    /** Host of the referring site, when outside ours. */
    referrerHost: text(),
    /** desktop, mobile, tablet or bot, from the user agent on the server. */
    device: text(),
    browser: text(),
    os: text(),
    /** Only when a local country database is configured; never from the IP stored. */
    country: text(),
    isBot: boolean().notNull().default(false),
    botConfidence: real().notNull().default(0),
    botType: text(),
  },
  (table) => [
    index("analytics_events_name_idx").on(table.name, table.createdAt),
    index("analytics_events_created_idx").on(table.createdAt),
    index("analytics_events_visitor_idx")
      .on(table.visitorId, table.createdAt)
      .where(sql`${table.visitorId} is not null`),
  ],
);

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/**
 * Daily totals that outlive the raw events (kept 13 months by default): one row per day
 * and combination of what the reports group by. Visitors and sessions are distinct
 * within the row's day and group.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date({ mode: "string" }).notNull(),
    name: text().notNull(),
    path: text().notNull().default(""),
    referrerHost: text().notNull().default(""),
    utmSource: text().notNull().default(""),
    utmMedium: text().notNull().default(""),
    utmCampaign: text().notNull().default(""),
    device: text().notNull().default(""),
    browser: text().notNull().default(""),
    isBot: boolean().notNull(),
    events: bigint({ mode: "number" }).notNull(),
    visitors: bigint({ mode: "number" }).notNull(),
    sessions: bigint({ mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "analytics_daily_pk",
      columns: [
        table.day,
        table.name,
        table.path,
        table.referrerHost,
        table.utmSource,
        table.utmMedium,
        table.utmCampaign,
        table.device,
        table.browser,
        table.isBot,
      ],
    }),
  ],
);

/**
 * How far stored events have been forwarded to an outside analytics service (PostHog,
 * docs/decisions/013): the last event id sent. It only moves once a chunk is accepted,
 * so a failed send is repeated by the next run.
 */
export const analyticsForwarding = pgTable("analytics_forwarding", {
  target: text().primaryKey(),
  lastEventId: bigint({ mode: "number" }).notNull().default(0),
  updatedAt: instantNow(),
});
