import { z } from "~/modules/platform/zod-mini";
import { isTicked } from "~/modules/leads/lead-fields";
import { normalizePhone } from "~/modules/leads/phone";
import { EMAIL_PATTERN } from "~/modules/platform/patterns";
import { hasVisibleCharacters, singleLine } from "~/modules/platform/text";
import {
  REVIEW_FIELDS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_PROJECT_TYPES,
  type ReviewField,
  type ReviewFieldErrors,
  type ReviewFormValues,
  type ReviewValues,
} from "./leave-review-fields";

/**
 * The leave-review form's rules (docs/REQUIREMENTS.md R15.1): one zod schema for the browser
 * (loaded when the visitor first reaches for the form) and the server. Client-safe.
 */

/**
 * The review's text as a few paragraphs: line breaks kept (at most one blank line in a row),
 * each line cleaned as a single-line field is (control and direction characters).
 */
export function cleanReviewText(text: string): string {
  return text
    .split(/\r\n?|\n|\u2028|\u2029/)
    .map((line) => singleLine(line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const projectTypeValues: string[] = REVIEW_PROJECT_TYPES.map((type) => type.value);

const reviewSchema = z.pipe(
  z
    .object(
      Object.fromEntries(REVIEW_FIELDS.map((field) => [field, z.string()])) as Record<
        ReviewField,
        z.ZodMiniString
      >,
    )
    .check(
      z.superRefine((input, ctx) => {
        const fail = (field: ReviewField, message: string) =>
          ctx.issues.push({ code: "custom", message, path: [field], input: input[field] });
        const line = (field: ReviewField) => singleLine(input[field]);

        if (!/^[1-5]$/.test(line("rating"))) fail("rating", REVIEW_MESSAGES.ratingRequired);

        const text = cleanReviewText(input.text);
        if (!hasVisibleCharacters(text)) fail("text", REVIEW_MESSAGES.textRequired);
        else if (text.length > REVIEW_LIMITS.text) fail("text", REVIEW_MESSAGES.textTooLong);

        if (!hasVisibleCharacters(line("name"))) fail("name", REVIEW_MESSAGES.nameRequired);
        else if (line("name").length > REVIEW_LIMITS.name) fail("name", REVIEW_MESSAGES.tooLong);
        if (!hasVisibleCharacters(line("town"))) fail("town", REVIEW_MESSAGES.townRequired);
        else if (line("town").length > REVIEW_LIMITS.town) fail("town", REVIEW_MESSAGES.tooLong);

        const projectType = line("projectType");
        if (!projectType) fail("projectType", REVIEW_MESSAGES.projectTypeRequired);
        else if (!projectTypeValues.includes(projectType)) {
          fail("projectType", REVIEW_MESSAGES.invalidChoice);
        }

        if (!isTicked(input.consentToPublish)) {
          fail("consentToPublish", REVIEW_MESSAGES.consentRequired);
        }

        const email = line("contactEmail");
        if (email && (email.length > REVIEW_LIMITS.email || !EMAIL_PATTERN.test(email))) {
          fail("contactEmail", REVIEW_MESSAGES.invalidEmail);
        }
        const phone = line("contactPhone");
        if (phone) {
          if (!/\d/.test(phone)) fail("contactPhone", REVIEW_MESSAGES.invalidPhone);
          else {
            const { error } = normalizePhone(phone);
            if (error) fail("contactPhone", error);
          }
        }
      }),
    ),
  z.transform((input): ReviewValues => ({
    rating: Number(singleLine(input.rating)),
    text: cleanReviewText(input.text),
    name: singleLine(input.name),
    town: singleLine(input.town),
    projectType: singleLine(input.projectType),
    consentToPublish: true,
    contactEmail: singleLine(input.contactEmail).toLowerCase() || null,
    contactPhone: normalizePhone(input.contactPhone).e164 ?? null,
  })),
);

export type ReviewValidation =
  { ok: true; value: ReviewValues } | { ok: false; errors: ReviewFieldErrors };

/** Checks the form; the first message per field. */
export function validateReview(values: ReviewFormValues): ReviewValidation {
  const result = reviewSchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: ReviewFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ReviewField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
