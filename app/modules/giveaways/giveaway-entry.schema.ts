import { z } from "~/modules/platform/zod-mini";
import { normalizePhone } from "~/modules/leads/phone";
import { EMAIL_PATTERN } from "~/modules/platform/patterns";
import { hasVisibleCharacters, isAcceptableText, singleLine } from "~/modules/platform/text";
import {
  ENTRY_FIELDS,
  type EntryField,
  type EntryFieldErrors,
  type EntryFormValues,
} from "./giveaway-entry-fields";

/**
 * The giveaway entry form's rules (docs/REQUIREMENTS.md R15.2): one zod schema for the
 * browser (loaded once the visitor starts on the form) and the server.
 */

export const ENTRY_MESSAGES = {
  nameRequired: "Please enter your name",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  zipInvalid: "Please enter a 5-digit ZIP code (or ZIP+4, like 02169-1234)",
  agreeToRulesRequired: "Please agree to the official rules to enter",
  tooLong: "Please keep this shorter",
} as const;

/** US ZIP code: five digits, or ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

const MAX_LENGTH: Partial<Record<EntryField, number>> = { name: 120, email: 254, zip: 10 };

export interface EntryValues {
  name: string;
  /** Lower case. */
  email: string;
  /** E.164. */
  phone: string;
  zip: string;
  agreeToRules: true;
}

const isTicked = (value: string) => ["on", "true", "1", "yes"].includes(value.trim().toLowerCase());

const entrySchema = z.pipe(
  z
    .object(
      Object.fromEntries(ENTRY_FIELDS.map((field) => [field, z.string()])) as Record<
        EntryField,
        z.ZodMiniString
      >,
    )
    .check(
      z.superRefine((input, ctx) => {
        const fail = (field: EntryField, message: string) =>
          ctx.issues.push({ code: "custom", message, path: [field], input: input[field] });
        const value = (field: EntryField) =>
          isAcceptableText(input[field]) ? singleLine(input[field]) : "";

        for (const [field, max] of Object.entries(MAX_LENGTH) as [EntryField, number][]) {
          if (value(field).length > max) fail(field, ENTRY_MESSAGES.tooLong);
        }
        if (!hasVisibleCharacters(value("name"))) fail("name", ENTRY_MESSAGES.nameRequired);
        if (!EMAIL_PATTERN.test(value("email"))) fail("email", ENTRY_MESSAGES.emailInvalid);
        const phone = value("phone");
        if (!/\d/.test(phone)) fail("phone", ENTRY_MESSAGES.phoneInvalid);
        else {
          const { error } = normalizePhone(phone);
          if (error) fail("phone", error);
        }
        if (!ZIP_PATTERN.test(value("zip"))) fail("zip", ENTRY_MESSAGES.zipInvalid);
        if (!isTicked(input.agreeToRules)) {
          fail("agreeToRules", ENTRY_MESSAGES.agreeToRulesRequired);
        }
      }),
    ),
  z.transform((input): EntryValues => ({
    name: singleLine(input.name),
    email: singleLine(input.email).toLowerCase(),
    phone: normalizePhone(singleLine(input.phone)).e164 ?? "",
    zip: singleLine(input.zip),
    agreeToRules: true,
  })),
);

export type EntryValidation =
  { ok: true; value: EntryValues } | { ok: false; errors: EntryFieldErrors };

/** Checks the form; the first message per field. */
export function validateEntry(values: EntryFormValues): EntryValidation {
  const result = entrySchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: EntryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EntryField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
