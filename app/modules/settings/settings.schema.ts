import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import { WEEKDAYS, type OpeningHoursEntry, type Weekday } from "~/db/schema/settings";
import {
  checkRule,
  combination,
  dollars,
  holdDays,
  minJobValue,
  percent,
} from "~/modules/affiliates/commission-rule.schema";
import { sourceOptions } from "~/modules/leads/lead-fields";
import { formatPhone, normalizePhone } from "~/modules/leads/phone";
import { EMAIL_PATTERN } from "~/modules/platform/patterns";

/**
 * The admin settings' rules: one zod schema per section of the settings screen, over the
 * form's raw text (what the browser posts), giving the typed values the database keeps.
 * Messages are written to be shown beside their field.
 */

const SETTINGS_SECTIONS = [
  "profile",
  "hours",
  "links",
  "claims",
  "referral",
  "notifications",
  "security",
  "commissions",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const isSettingsSection = (value: unknown): value is SettingsSection =>
  typeof value === "string" && (SETTINGS_SECTIONS as readonly string[]).includes(value);

/** Rows the opening-hours form offers (one per weekday is the most that can make sense). */
export const HOURS_ROWS = WEEKDAYS.length;
/** Most notification addresses kept. */
export const MAX_NOTIFICATION_EMAILS = 20;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

// Conform sends an empty field as missing, so each required field names its message for
// both; an optional one reads as empty.
const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep it to ${max} characters or fewer.`);

const blank = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "");

const optionalText = (max: number) =>
  blank().refine((value) => value.length <= max, `Keep it to ${max} characters or fewer.`);

const email = (label: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(254, "Keep it to 254 characters or fewer.")
    .regex(EMAIL_PATTERN, "Enter an e-mail address like name@example.com.")
    .transform((value) => value.toLowerCase());

/** An absolute http(s) address. */
export const httpUrl = (max = 500) =>
  z
    .string({ error: "Enter an address starting with https://." })
    .trim()
    .min(1, "Enter an address starting with https://.")
    .max(max, `Keep it to ${max} characters or fewer.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, "Enter a full address starting with https://.");

/** Big numbers grouped (5,000,000), years and small ones not (1800). */
const show = (value: number) =>
  Math.abs(value) >= 10_000 ? value.toLocaleString("en-US") : String(value);

/** A number typed as text: blank, not a number, a fraction where a whole one is needed and
 * out-of-range values each get their own message. */
function number(options: { min: number; max: number; integer?: boolean; decimals?: number }) {
  const { min, max, integer = false, decimals } = options;
  return z.string({ error: "Enter a number." }).transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.issues.push({ code: "custom", message, input: raw });
      return z.NEVER;
    };
    const trimmed = raw.trim().replace(/,/g, "");
    if (trimmed === "") return fail("Enter a number.");
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return fail("Enter a number, like 42.5.");
    const value = Number(trimmed);
    if (integer && !Number.isInteger(value)) return fail("Enter a whole number.");
    if (decimals !== undefined && (trimmed.split(".")[1]?.length ?? 0) > decimals) {
      return fail(`Use at most ${decimals} decimal place${decimals === 1 ? "" : "s"}.`);
    }
    if (value < min || value > max) {
      return fail(`Enter a number from ${show(min)} to ${show(max)}.`);
    }
    return value;
  });
}

/** A number the site may go without: blank means none (a claim not made, for instance). */
function optionalNumber(options: {
  min: number;
  max: number;
  integer?: boolean;
  decimals?: number;
}) {
  const parse = number(options);
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return null;
      const parsed = parse.safeParse(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.issues.push({ code: "custom", message: issue.message, input: raw });
      }
      return z.NEVER;
    });
}

const latitude = () => number({ min: -90, max: 90 });
const longitude = () => number({ min: -180, max: 180 });
const checkbox = () =>
  z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true");

const profileFields = {
  name: text("the company name", 120),
  phone: z
    .string({ error: "Enter the phone number." })
    .trim()
    .min(1, "Enter the phone number.")
    .max(30, "Keep it to 30 characters or fewer.")
    .refine(
      (value) => /^[0-9+().\s-]+$/.test(value) && value.replace(/\D/g, "").length >= 10,
      "Enter a phone number with its area code, like (617) 555-0142.",
    )
    // Shown as the site shows every number, "(617) 555-0199", however it was typed; a
    // number from outside North America stays as typed.
    .transform((value) => {
      const { e164 } = normalizePhone(value);
      return e164 ? formatPhone(e164) : value;
    }),
  email: email("the company e-mail address"),
  streetAddress: text("the street address", 200),
  addressLocality: text("the city or town", 100),
  addressRegion: text("the state", 60),
  postalCode: text("the ZIP code", 20),
  addressCountry: z
    .string({ error: "Enter the two-letter country code, like US." })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter the two-letter country code, like US.")),
  latitude: latitude(),
  longitude: longitude(),
};

const hoursRow = z.object({
  days: z.array(z.enum(WEEKDAYS, { error: "Choose days of the week." })).default([]),
  opens: blank(),
  closes: blank(),
});

/** The opening hours: filled rows become entries (days in week order, rows by first day). */
function openingHours(rows: z.output<typeof hoursRow>[], ctx: z.RefinementCtx) {
  const fail = (path: (string | number)[], message: string) =>
    ctx.issues.push({ code: "custom", message, path, input: rows });
  const entries: OpeningHoursEntry[] = [];
  const seen = new Map<Weekday, number>();
  rows.forEach((row, index) => {
    if (row.days.length === 0 && !row.opens && !row.closes) return;
    const rowPath = [index];
    if (row.days.length === 0) fail([...rowPath, "days"], "Choose at least one day.");
    for (const day of row.days) {
      const other = seen.get(day);
      if (other !== undefined && other !== index) {
        fail([...rowPath, "days"], `${day} is already in row ${other + 1}.`);
      }
      seen.set(day, index);
    }
    const opensOk = TIME_PATTERN.test(row.opens);
    const closesOk = TIME_PATTERN.test(row.closes);
    if (!opensOk) fail([...rowPath, "opens"], "Enter the opening time, like 08:00.");
    if (!closesOk) fail([...rowPath, "closes"], "Enter the closing time, like 20:00.");
    if (opensOk && closesOk && row.closes <= row.opens) {
      fail([...rowPath, "closes"], "The closing time must be after the opening time.");
    }
    const days = WEEKDAYS.filter((day) => row.days.includes(day));
    entries.push({ days, opens: row.opens, closes: row.closes });
  });
  if (entries.length === 0) fail([], "Enter the hours of at least one day.");
  return entries.sort((a, b) => WEEKDAYS.indexOf(a.days[0]!) - WEEKDAYS.indexOf(b.days[0]!));
}

const linksFields = {
  financingUrl: httpUrl(),
  paymentsUrl: httpUrl(),
  reviewUrl: httpUrl(),
  facebookUrl: httpUrl(),
  instagramUrl: httpUrl(),
};

const claimsFields = {
  // Claims the site makes only once they are set: blank makes none.
  ratingValue: optionalNumber({ min: 1, max: 5, decimals: 1 }),
  ratingCount: optionalNumber({ min: 0, max: 100_000_000, integer: true }),
  projectsCount: optionalNumber({ min: 0, max: 100_000_000, integer: true }),
  foundedYear: number({ min: 1800, max: new Date().getFullYear(), integer: true }),
  priceRange: z
    .string({ error: "Use one to four dollar signs, from $ to $$$$." })
    .trim()
    .regex(/^\${1,4}$/, "Use one to four dollar signs, from $ to $$$$."),
  serviceAreaLatitude: latitude(),
  serviceAreaLongitude: longitude(),
  serviceRadiusMeters: number({ min: 1, max: 5_000_000, integer: true }),
};

/** The built-in "How did you hear about us?" options the name must not repeat. */
const BUILT_IN_SOURCES = sourceOptions("").map((option) => option.toLowerCase());

const referralFields = {
  referralByName: optionalText(120).refine(
    (value) => !BUILT_IN_SOURCES.includes(value.toLowerCase()),
    "That is already one of the form's options: enter a person's name.",
  ),
};

/** Addresses one per line (commas and semicolons also separate); duplicates dropped. */
const notificationsFields = {
  notificationEmails: blank().transform((raw, ctx) => {
    const addresses = [
      ...new Set(
        raw
          .split(/[\s,;]+/)
          .map((address) => address.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const bad = addresses.filter((address) => !EMAIL_PATTERN.test(address) || address.length > 254);
    if (bad.length > 0) {
      ctx.issues.push({
        code: "custom",
        message: `Not an e-mail address: ${bad.slice(0, 3).join(", ")}${bad.length > 3 ? "…" : ""}`,
        input: raw,
      });
      return z.NEVER;
    }
    if (addresses.length > MAX_NOTIFICATION_EMAILS) {
      ctx.issues.push({
        code: "custom",
        message: `Enter at most ${MAX_NOTIFICATION_EMAILS} addresses.`,
        input: raw,
      });
      return z.NEVER;
    }
    return addresses;
  }),
};

// Unticked checkboxes are not posted at all: absent means off. Raw analytics events are
// kept this many months before only their daily totals remain (docs/decisions/013).
const securityFields = {
  botProtection: checkbox(),
  requireStaffTwoFactor: checkbox(),
  analyticsRetentionMonths: number({ min: 1, max: 120, integer: true }),
};

/** The affiliate programme's default rule, hold and payout threshold (docs/REQUIREMENTS.md D8). */
const commissionsFields = {
  commissionFlatCents: dollars({ label: "the flat amount", optional: true }),
  commissionPercentBasisPoints: percent(),
  commissionPercentCapCents: dollars({ label: "the cap", optional: true }),
  commissionCombination: combination(),
  commissionMinJobValueCents: minJobValue().transform((cents) => cents ?? 0),
  commissionHoldDays: holdDays(),
  minimumPayoutCents: dollars({ label: "the minimum payout", allowZero: true }),
};

export const COMMISSIONS_RULE_NAMES = {
  flat: "commissionFlatCents",
  percent: "commissionPercentBasisPoints",
  cap: "commissionPercentCapCents",
  combination: "commissionCombination",
  minJobValue: "commissionMinJobValueCents",
} as const;

export const profileSchema = z.object({ intent: z.literal("profile"), ...profileFields });
export const hoursSchema = z.object({
  intent: z.literal("hours"),
  // Typed as rows, kept as the entries they make.
  openingHours: z.array(hoursRow).max(HOURS_ROWS).default([]).transform(openingHours),
});
export const linksSchema = z.object({ intent: z.literal("links"), ...linksFields });
export const claimsSchema = z
  .object({ intent: z.literal("claims"), ...claimsFields })
  .superRefine((claims, ctx) => {
    // A rating is stated with how many ratings it comes from, or not at all.
    const message = "Enter the rating and the number of ratings, or leave both blank.";
    if (claims.ratingValue === null && claims.ratingCount !== null) {
      ctx.addIssue({ code: "custom", path: ["ratingValue"], message });
    }
    if (claims.ratingValue !== null && claims.ratingCount === null) {
      ctx.addIssue({ code: "custom", path: ["ratingCount"], message });
    }
  });
export const referralSchema = z.object({ intent: z.literal("referral"), ...referralFields });
export const notificationsSchema = z.object({
  intent: z.literal("notifications"),
  ...notificationsFields,
});
export const securitySchema = z.object({ intent: z.literal("security"), ...securityFields });
export const commissionsSchema = z
  .object({ intent: z.literal("commissions"), ...commissionsFields })
  .superRefine(checkRule(COMMISSIONS_RULE_NAMES));

/** One section of the settings screen as sent: `intent` names the section. */
const settingsSectionSchema = z.discriminatedUnion("intent", [
  profileSchema,
  hoursSchema,
  linksSchema,
  claimsSchema,
  referralSchema,
  notificationsSchema,
  securitySchema,
  commissionsSchema,
]);
export type SettingsSectionValues = z.output<typeof settingsSectionSchema>;

const keys = <Shape extends object>(shape: Shape) => Object.keys(shape) as (keyof Shape)[];

/** The company_settings columns each section edits. */
export const SECTION_FIELDS = {
  profile: keys(profileFields),
  hours: ["openingHours"] as const,
  links: keys(linksFields),
  claims: keys(claimsFields),
  referral: keys(referralFields),
  notifications: keys(notificationsFields),
  security: keys(securityFields),
  commissions: keys(commissionsFields),
} satisfies Record<SettingsSection, readonly string[]>;

export const SECTION_LABELS: Record<SettingsSection, string> = {
  profile: "Company profile",
  hours: "Opening hours",
  links: "Links",
  claims: "Claims",
  referral: "Referral by name",
  notifications: "Notification e-mails",
  security: "Protection",
  commissions: "Affiliate commissions",
};

/** A new webhook endpoint. */
export const webhookEndpointSchema = z.object({
  url: httpUrl(2000),
  description: optionalText(200),
  enabled: checkbox(),
});

/** The webhook endpoint form and the buttons beside each endpoint. */
export const webhookCreateSchema = webhookEndpointSchema.extend({
  intent: z.literal("webhook-create"),
});
export const endpointCommandSchema = z.object({
  intent: z.enum(["webhook-enable", "webhook-disable", "webhook-delete", "webhook-test"]),
  endpointId: integerIdSchema("Choose an endpoint."),
});

/** Everything the settings screen sends. */
export const settingsCommandSchema = z.discriminatedUnion("intent", [
  ...settingsSectionSchema.options,
  webhookCreateSchema,
  endpointCommandSchema,
]);

/** The answer to a form that did not validate: a message per field. */
export interface InvalidForm {
  ok: false;
  errors: Record<string, string>;
}

/** zod issues as "field" -> first message ("rows.0.opens" for nested fields). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
