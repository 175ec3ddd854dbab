import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bigserialId, instantNow, randomUuidId, timestamps } from "./columns";
import { affiliates } from "./affiliates";
import { staffReference } from "./auth";
import type { VisualizerDesign } from "./marketing";

/** The tracking parameters (docs/REQUIREMENTS.md R3.2) of one lead or touch (known keys only). */
export type TrackingParams = Partial<Record<string, string>>;

/** One marketing touch: where a visitor came from on one landing. */
export interface Touch {
  at: string;
  landingPath: string;
  /** Host of an outside referring site, when the browser said. */
  referrer?: string;
  params: TrackingParams;
}

/** A consultation request: stored before anything else happens. */
export const leads = pgTable(
  "leads",
  {
    id: randomUuidId(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    /** E.164, e.g. +16175550142. */
    phone: text().notNull(),
    service: text().notNull(),
    projectType: text(),
    source: text().notNull(),
    referralName: text(),
    otherSource: text(),
    agreeToContact: boolean().notNull(),
    agreeToAllPresent: boolean().notNull(),
    /** The tracking parameters the browser captured, plus the server's ip and user agent. */
    tracking: jsonb().$type<TrackingParams>().notNull(),
    firstTouch: jsonb().$type<Touch>(),
    lastTouch: jsonb().$type<Touch>(),
    affiliateCode: text(),
    affiliateId: uuid().references(() => affiliates.id, { onDelete: "set null" }),
    /** The lead's e-mail or phone is its affiliate's own: shown to the admin, never paid. */
    selfReferral: boolean().notNull().default(false),
    ipAddress: text(),
    userAgent: text(),
    /** Which page the request was sent from (path only). */
    pagePath: text(),
    /** The visualizer design sent with the request (category to option key). */
    visualizerDesign: jsonb().$type<VisualizerDesign>(),
    /** How it arrived: the site's form (with or without JavaScript) or the JSON API. */
    channel: text().$type<"form" | "json">().notNull(),
    status: text().$type<LeadStatus>().notNull().default("new"),
    /** The contract value once won, in cents. */
    jobValueCents: integer(),
    /** Why it was lost. */
    lostReason: text(),
    ...timestamps(),
  },
  (table) => [
    index("leads_created_at_idx").on(table.createdAt),
    index("leads_status_idx").on(table.status, table.createdAt),
    index("leads_affiliate_idx").on(table.affiliateId, table.createdAt),
    index("leads_source_idx").on(table.source, table.createdAt),
  ],
);

export type Lead = typeof leads.$inferSelect;

/** A lead's own row: gone with the lead. */
export const leadReference = () =>
  uuid()
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" });

/** The sales pipeline a lead moves through. */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "appointment_set",
  "estimate_given",
  "won",
  "lost",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Every status change, with who made it. */
export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: bigserialId(),
    leadId: leadReference(),
    fromStatus: text().$type<LeadStatus>(),
    toStatus: text().$type<LeadStatus>().notNull(),
    jobValueCents: integer(),
    lostReason: text(),
    actorId: staffReference(),
    createdAt: instantNow(),
  },
  (table) => [index("lead_status_changes_lead_idx").on(table.leadId, table.createdAt)],
);

/** Staff notes on a lead. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: bigserialId(),
    leadId: leadReference(),
    body: text().notNull(),
    authorId: staffReference(),
    createdAt: instantNow(),
  },
  (table) => [index("lead_notes_lead_idx").on(table.leadId, table.createdAt)],
);

/** Why a submission went to the spam folder. */
export type SpamReason =
  "honeypot" | "too_fast" | "missing_form_token" | "reused_form_token" | "bot_protection";

/**
 * Submissions caught by the honeypot, the form-token checks or bot protection: kept, never
 * delivered.
 */
export const spamSubmissions = pgTable(
  "spam_submissions",
  {
    id: randomUuidId(),
    reason: text().$type<SpamReason>().notNull(),
    /** What was submitted, as received (so staff can turn a false positive into a lead). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    ipAddress: text(),
    userAgent: text(),
    /** Set when staff decide it was a real request after all. */
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    createdAt: instantNow(),
  },
  (table) => [index("spam_submissions_created_at_idx").on(table.createdAt)],
);

export type SpamSubmission = typeof spamSubmissions.$inferSelect;

/**
 * First and last marketing touch of a browser, keyed by the lm_visitor cookie, so leads
 * from visitors without JavaScript or from cached pages are attributed too.
 */
export const visitors = pgTable("visitors", {
  id: randomUuidId(),
  firstTouch: jsonb().$type<Touch>().notNull(),
  lastTouch: jsonb().$type<Touch>().notNull(),
  touchCount: integer().notNull().default(1),
  ...timestamps(),
});

/** Visits that arrived with a referral code in the URL. */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    id: bigserialId(),
    code: text().notNull(),
    affiliateId: uuid().references(() => affiliates.id, { onDelete: "set null" }),
    landingPath: text().notNull(),
    createdAt: instantNow(),
  },
  (table) => [
    index("referral_clicks_code_idx").on(table.code, table.createdAt),
    index("referral_clicks_affiliate_idx")
      .on(table.affiliateId, table.createdAt)
      .where(sql`${table.affiliateId} is not null`),
  ],
);
