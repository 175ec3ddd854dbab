import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { staffReference } from "./auth";
import { bigserialId, instant, instantNow, randomUuidId, serialId, timestamps } from "./columns";
import type { Touch, TrackingParams } from "./leads";
import { images } from "./media";

/**
 * Where a visitor came from when they used one of the marketing forms (leave-review,
 * giveaway): the same facts a lead keeps (docs/REQUIREMENTS.md R3.2).
 */
export interface FormAttribution {
  tracking: TrackingParams;
  firstTouch?: Touch;
  lastTouch?: Touch;
  affiliateCode?: string;
  /** The analytics visitor id (absent with Do-Not-Track). */
  visitorId?: string;
}

/** An optional image of the media library, kept when the image goes. */
const imageReference = () => uuid().references(() => images.id, { onDelete: "set null" });

// ---------------------------------------------------------------------------------------
// Giveaways

/** A giveaway staff set up; /giveaway shows the one running now. */
export const giveaways = pgTable(
  "giveaways",
  {
    id: serialId(),
    title: text().notNull(),
    prize: text().notNull(),
    description: text().notNull(),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    /** The official rules, in Markdown, on their own page. */
    rulesMarkdown: text().notNull(),
    imageId: imageReference(),
    /** Set by the draw: the winning entry, when and by whom. */
    winnerEntryId: uuid(),
    drawnAt: instant(),
    drawnBy: staffReference(),
    ...timestamps(),
  },
  (table) => [
    check("giveaways_dates_ordered", sql`${table.endsAt} > ${table.startsAt}`),
    index("giveaways_dates_idx").on(table.startsAt, table.endsAt),
  ],
);

export type Giveaway = typeof giveaways.$inferSelect;

/** One person's entry: one per e-mail and one per phone in each giveaway. */
export const giveawayEntries = pgTable(
  "giveaway_entries",
  {
    id: randomUuidId(),
    giveawayId: integer()
      .notNull()
      .references(() => giveaways.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Lower case, so the one-per-address rule ignores case. */
    email: text().notNull(),
    /** E.164. */
    phone: text().notNull(),
    zip: text().notNull(),
    agreeToRules: boolean().notNull(),
    attribution: jsonb().$type<FormAttribution>().notNull(),
    ipAddress: text(),
    createdAt: instantNow(),
  },
  (table) => [
    uniqueIndex("giveaway_entries_email_idx").on(table.giveawayId, table.email),
    uniqueIndex("giveaway_entries_phone_idx").on(table.giveawayId, table.phone),
    index("giveaway_entries_created_idx").on(table.giveawayId, table.createdAt),
  ],
);

export type GiveawayEntry = typeof giveawayEntries.$inferSelect;

// ---------------------------------------------------------------------------------------
// Tracked QR codes

export const QR_ERROR_CORRECTION_LEVELS = ["L", "M", "Q", "H"] as const;
export type QrErrorCorrectionLevel = (typeof QR_ERROR_CORRECTION_LEVELS)[number];

/** The UTM parameters a code adds to its target. */
export type QrUtm = Partial<
  Record<"utm_source" | "utm_medium" | "utm_campaign" | "utm_content" | "utm_term", string>
>;

/**
 * A printed code: /q/{slug} counts the scan and answers a 302 to the target with the
 * code's UTM parameters added.
 */
export const qrCodes = pgTable(
  "qr_codes",
  {
    id: serialId(),
    name: text().notNull(),
    /** Lower case letters, digits and hyphens: the tracked path /q/{slug}. */
    slug: text().notNull(),
    /** A path of this site ("/bathrooms") or an https URL. */
    target: text().notNull(),
    utm: jsonb().$type<QrUtm>().notNull().default({}),
    foreground: text().notNull().default("#1f2a2e"),
    background: text().notNull().default("#ffffff"),
    errorCorrection: text().$type<QrErrorCorrectionLevel>().notNull().default("M"),
    logoImageId: imageReference(),
    enabled: boolean().notNull().default(true),
    /** Counted as scans arrive. */
    scanCount: bigint({ mode: "number" }).notNull().default(0),
    uniqueScanCount: bigint({ mode: "number" }).notNull().default(0),
    createdBy: staffReference(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("qr_codes_slug_idx").on(table.slug),
    check("qr_codes_error_correction_known", sql`${table.errorCorrection} in ('L','M','Q','H')`),
  ],
);

export type QrCode = typeof qrCodes.$inferSelect;

/** One scan by a person (bots are not recorded). */
export const qrScans = pgTable(
  "qr_scans",
  {
    id: bigserialId(),
    qrCodeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    scannedAt: instantNow(),
    device: text().$type<"mobile" | "tablet" | "desktop">().notNull(),
    referrerHost: text(),
    /** The first scan of this code by this browser (first-party cookie). */
    isUnique: boolean().notNull(),
  },
  (table) => [index("qr_scans_code_idx").on(table.qrCodeId, table.scannedAt)],
);

export type QrScan = typeof qrScans.$inferSelect;

// ---------------------------------------------------------------------------------------
// Bathroom visualizer

export const VISUALIZER_CATEGORIES = [
  "wall_tile",
  "floor_tile",
  "vanity",
  "fixture_finish",
  "shower",
  "paint",
] as const;
export type VisualizerCategory = (typeof VISUALIZER_CATEGORIES)[number];

/** One choice of the visualizer's catalogue, with the colours the scene draws it in. */
export const visualizerOptions = pgTable(
  "visualizer_options",
  {
    id: serialId(),
    category: text().$type<VisualizerCategory>().notNull(),
    /** Stable key used in share links. */
    key: text().notNull(),
    name: text().notNull(),
    /** The main colour (CSS hex) and an optional second one (grout, trim, glass). */
    swatch: text().notNull(),
    accent: text(),
    /** How the scene draws it: a tile pattern, a vanity or shower style. */
    style: text().notNull().default("plain"),
    sortOrder: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex("visualizer_options_key_idx").on(table.category, table.key)],
);

export type VisualizerOption = typeof visualizerOptions.$inferSelect;

/** A design: the chosen key of each category. */
export type VisualizerDesign = Partial<Record<VisualizerCategory, string>>;

/** An AI redesign of a visitor's photo, made by a job. */
export const visualizerRenders = pgTable(
  "visualizer_renders",
  {
    id: randomUuidId(),
    /** The browser's visualizer cookie: only it may read the render. */
    visitorKey: text().notNull(),
    design: jsonb().$type<VisualizerDesign>().notNull(),
    status: text().$type<"queued" | "working" | "done" | "failed">().notNull().default("queued"),
    /** 0 to 100. */
    progress: integer().notNull().default(0),
    /** The photo (resized, metadata stripped) and the result, as JPEG. */
    photoImageId: imageReference(),
    resultImageId: imageReference(),
    error: text(),
    ...timestamps(),
  },
  (table) => [index("visualizer_renders_visitor_idx").on(table.visitorKey, table.createdAt)],
);

export type VisualizerRender = typeof visualizerRenders.$inferSelect;
