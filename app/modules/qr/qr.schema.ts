import { QR_ERROR_CORRECTION_LEVELS } from "~/db/schema/marketing";
import { SLUG_PATTERN } from "~/modules/content/slug";
import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import { colourProblem, HEX_COLOUR, isSiteTarget } from "./qr-links";

/**
 * What the tracked QR codes screen's forms send (docs/REQUIREMENTS.md R15.3), shared by
 * the browser's checks and the action. Empty fields arrive as missing.
 */

export const QR_SLUG_MAX_LENGTH = 60;

export const QR_MESSAGES = {
  nameMissing: "Enter a name staff will recognise, like Spring mailer.",
  tooLong: (max: number) => `Keep it to ${max.toLocaleString("en-US")} characters or fewer.`,
  slugShape: "Use lower-case letters, digits and single hyphens, like spring-mailer.",
  slugTaken: "Another QR code already uses this slug.",
  slugFromName: "The name has no letters or digits to make a slug from: enter one.",
  targetMissing: "Enter where a scan leads: a path like /bathrooms or an https:// address.",
  targetShape:
    "Use a path of this site like /bathrooms or a full https:// address (not http://, // or javascript:).",
  colourShape: "Choose a color like #1f2a2e.",
  inverted:
    "Use a dark foreground on a light background: many phone scanners only read dark squares on light.",
  lowContrast:
    "These colors are too close to scan reliably: make the foreground darker or the background lighter (contrast of at least 3 to 1).",
  levelMissing: "Choose an error-correction level.",
  logoUnknown: "Choose an image of the media library, or no logo.",
  notDecodable:
    "This code did not read back as its address when tested: choose stronger colors or a higher error-correction level.",
  notFound: "That QR code no longer exists.",
} as const;

export const ERROR_CORRECTION_OPTIONS = [
  { value: "L", label: "L: about 7% can be damaged (smallest code)" },
  { value: "M", label: "M: about 15% (a good default)" },
  { value: "Q", label: "Q: about 25%" },
  { value: "H", label: "H: about 30% (always used with a logo)" },
] as const;

const MAX_TARGET_LENGTH = 2000;
const MAX_UTM_LENGTH = 200;

/** A path of this site or an https address with a host, nothing else (no whitespace). */
export function isValidTarget(target: string): boolean {
  if (!target || /[\s\\]/.test(target)) return false;
  if (isSiteTarget(target)) return true;
  if (!/^https:\/\//i.test(target)) return false;
  try {
    const url = new URL(target);
    return url.protocol === "https:" && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, QR_MESSAGES.tooLong(max))
    .optional()
    .transform((value) => value ?? "");

const colour = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOUR, QR_MESSAGES.colourShape)
    .optional()
    .transform((value) => (value ?? fallback).toLowerCase());

export const qrFields = {
  name: z
    .string({ error: QR_MESSAGES.nameMissing })
    .trim()
    .min(1, QR_MESSAGES.nameMissing)
    .max(100, QR_MESSAGES.tooLong(100)),
  /** Typed in any case, stored in lower case; empty means "make it from the name". */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(QR_SLUG_MAX_LENGTH, QR_MESSAGES.tooLong(QR_SLUG_MAX_LENGTH))
    .regex(SLUG_PATTERN, QR_MESSAGES.slugShape)
    .optional(),
  target: z
    .string({ error: QR_MESSAGES.targetMissing })
    .trim()
    .min(1, QR_MESSAGES.targetMissing)
    .max(MAX_TARGET_LENGTH, QR_MESSAGES.tooLong(MAX_TARGET_LENGTH))
    .refine(isValidTarget, QR_MESSAGES.targetShape),
  utmSource: optionalText(MAX_UTM_LENGTH),
  utmMedium: optionalText(MAX_UTM_LENGTH),
  utmCampaign: optionalText(MAX_UTM_LENGTH),
  utmContent: optionalText(MAX_UTM_LENGTH),
  utmTerm: optionalText(MAX_UTM_LENGTH),
  foreground: colour("#1f2a2e"),
  background: colour("#ffffff"),
  errorCorrection: z.enum(QR_ERROR_CORRECTION_LEVELS, { error: QR_MESSAGES.levelMissing }),
  logoImageId: z.uuid(QR_MESSAGES.logoUnknown).optional(),
  enabled: z.boolean().default(false),
};

function withColourCheck<T extends z.ZodType<{ foreground: string; background: string }>>(
  schema: T,
) {
  return schema.superRefine((values, ctx) => {
    const problem = colourProblem(values.foreground, values.background);
    if (problem)
      ctx.addIssue({ code: "custom", path: ["foreground"], message: QR_MESSAGES[problem] });
  });
}

export const createQrSchema = withColourCheck(
  z.object({ intent: z.literal("create"), ...qrFields }),
);

const id = integerIdSchema(QR_MESSAGES.notFound);

export const updateQrSchema = withColourCheck(
  z.object({ intent: z.literal("update"), id, ...qrFields }),
);

/** A row's buttons: switch on or off. */
export const qrRowCommandSchema = z.object({ intent: z.enum(["enable", "disable"]), id });

export const qrCommandSchema = z.discriminatedUnion("intent", [
  createQrSchema,
  updateQrSchema,
  qrRowCommandSchema,
]);

export type QrValues = Omit<z.output<typeof createQrSchema>, "intent">;
