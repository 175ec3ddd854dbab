import { z } from "~/modules/platform/zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

/**
 * Form parts the authors' and categories' screens share (client-safe): a name, an optional
 * slug (made from the name when left empty) and the id a row's buttons send.
 */

export const SLUG_HINT = "Made from the name when left empty.";

export const nameInput = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(100, "Keep it to 100 characters or fewer.");

/** Typed in any case; stored in lower case. Empty means "make it from the name". */
export const slugInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, `Keep it to ${SLUG_MAX_LENGTH} characters or fewer.`)
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens, like design-ideas.")
  .optional();

/** An optional free text of at most `max` characters ("" when left empty). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it to ${max} characters or fewer.`)
    .optional()
    .transform((value) => value ?? "");

const NOT_UNDERSTOOD = "That request was not understood.";

/** The id of a row, sent by its buttons. */
export const rowId = z.coerce
  .number({ error: NOT_UNDERSTOOD })
  .int(NOT_UNDERSTOOD)
  .positive(NOT_UNDERSTOOD);

/** Where a deleted entry's posts go; absent when no post uses it. */
export const moveToInput = (wrong: string) =>
  z.coerce.number({ error: wrong }).int(wrong).positive(wrong).optional();

/** The entry the page's `?edit=` names, when it is a plausible id. */
export function editedId(request: Request): number | undefined {
  const parsed = rowId.safeParse(new URL(request.url).searchParams.get("edit") ?? undefined);
  return parsed.success ? parsed.data : undefined;
}
