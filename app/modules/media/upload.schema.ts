import { z } from "~/modules/platform/zod";

/**
 * What an uploaded image may be, shared by the staff forms (checked in the browser as the
 * member picks a file) and the server (app/modules/media/uploads.server.ts, which decides
 * by the file's bytes, not its name or declared type). docs/REQUIREMENTS.md R4.11 and R9.9.
 */

/** The largest image a member may upload: a phone photo fits several times over. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The `accept` attribute of an image file input: the formats the pipeline reads. */
export const IMAGE_UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export const UPLOAD_MESSAGES = {
  tooLarge: "This image is larger than 10 MB. Please choose a smaller one.",
  empty: "This file is empty. Please choose an image.",
  notAnImage:
    "This file is not an image we can use. Please upload a JPEG, PNG, WebP, AVIF or GIF image.",
  tooManyPixels:
    "This image has too many pixels (more than 50 megapixels). Please resize it and try again.",
  unreadable: "This image could not be read: it may be damaged. Please try another one.",
  altRequired: "Please describe the image for people who cannot see it.",
  altTooLong: "Please keep the description under 300 characters.",
} as const;

/** At most this much alternative text: a sentence or two, not a caption essay. */
export const MAX_ALT_LENGTH = 300;

/**
 * An optional image file in a form. An empty file input is sent as an empty file, which
 * Conform already reads as "none"; the size is checked here so a member hears at once, and
 * again on the server.
 */
export const optionalImageFile = z
  .instanceof(File)
  .optional()
  .refine((file) => !file || file.size <= MAX_IMAGE_UPLOAD_BYTES, UPLOAD_MESSAGES.tooLarge);

/** The alternative text beside an image field: trimmed, possibly empty until checked. */
export const imageAltText = z
  .string()
  .trim()
  .max(MAX_ALT_LENGTH, UPLOAD_MESSAGES.altTooLong)
  .optional()
  .transform((alt) => alt ?? "");

/**
 * The id of the image a form keeps (`ImageUploadField`'s hidden input); anything not shaped
 * like an image id is ignored rather than sent to the database.
 */
export const keptImageId = z
  .string()
  .optional()
  .transform((value) =>
    value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
      ? value
      : undefined,
  );

/**
 * Requires the alternative text named `altName` whenever the image named `fileName` is
 * set: a new file chosen, or an image already kept (its id in `currentName`, the hidden
 * input `ImageUploadField` renders) and not being removed (the `removeName` checkbox).
 * Use in the form schema's `superRefine`.
 */
export function requireAltText(
  values: Record<string, unknown>,
  context: z.RefinementCtx,
  names: { fileName: string; altName: string; currentName?: string; removeName?: string },
): void {
  const file = values[names.fileName];
  const removed = names.removeName ? Boolean(values[names.removeName]) : false;
  const current = names.currentName && !removed ? values[names.currentName] : undefined;
  const hasImage = (file instanceof File && file.size > 0) || Boolean(current);
  const alt = values[names.altName];
  if (hasImage && (typeof alt !== "string" || alt.trim() === "")) {
    context.addIssue({
      code: "custom",
      path: [names.altName],
      message: UPLOAD_MESSAGES.altRequired,
    });
  }
}
