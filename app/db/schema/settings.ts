import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** One opening-hours entry: a set of days with the same hours (24-hour "HH:MM"). */
export interface OpeningHoursEntry {
  days: Weekday[];
  opens: string;
  closes: string;
}

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The company profile: everything the site shows about the company, editable by an admin.
 * A single row (id = 1).
 */
export const companySettings = pgTable(
  "company_settings",
  {
    id: integer().primaryKey().default(1),
    name: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    streetAddress: text().notNull(),
    addressLocality: text().notNull(),
    addressRegion: text().notNull(),
    postalCode: text().notNull(),
    addressCountry: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    openingHours: jsonb().$type<OpeningHoursEntry[]>().notNull(),
    financingUrl: text().notNull(),
    paymentsUrl: text().notNull(),
    reviewUrl: text().notNull(),
    facebookUrl: text().notNull(),
    instagramUrl: text().notNull(),
    ratingValue: numeric({ precision: 2, scale: 1, mode: "number" }),
    ratingCount: integer(),
    projectsCount: integer(),
    foundedYear: integer().notNull(),
    priceRange: text().notNull(),
    serviceAreaLatitude: doublePrecision().notNull(),
    serviceAreaLongitude: doublePrecision().notNull(),
    serviceRadiusMeters: integer().notNull(),
    /** A person visitors may name as how they heard of us (a source option); "" hides it. */
    referralByName: text().notNull().default(""),
    /** Who is told of each new lead by e-mail. */
    notificationEmails: jsonb().$type<string[]>().notNull().default([]),
    /** Bot protection (docs/REQUIREMENTS.md R4.2, D5: off by default). */
    botProtection: boolean().notNull().default(false),
    /** Raw analytics events older than this many months are rolled up into daily totals. */
    analyticsRetentionMonths: integer().notNull().default(13),
    /** Staff must enrol an authenticator before using the admin area. */
    requireStaffTwoFactor: boolean().notNull().default(false),
    /** The affiliate programme's default commission rule (modules/affiliates/commission-rules.ts). */
    commissionFlatCents: integer().default(50_000),
    commissionPercentBasisPoints: integer(),
    commissionPercentCapCents: integer(),
    commissionCombination: text().$type<"greater" | "sum">().notNull().default("greater"),
    commissionMinJobValueCents: integer().notNull().default(500_000),
    /** Days after a job is won before its commission can be paid. */
    commissionHoldDays: integer().notNull().default(30),
    /** The least a payout is worth recording. */
    minimumPayoutCents: integer().notNull().default(5_000),
    ...timestamps(),
  },
  (table) => [check("company_settings_single_row", sql`${table.id} = 1`)],
);

export type CompanySettings = typeof companySettings.$inferSelect;
