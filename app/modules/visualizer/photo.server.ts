import type { Metadata } from "sharp";
import { loadSharp } from "~/modules/media/sharp.server";
import { MAX_IMAGE_PIXELS } from "~/modules/media/uploads.server";

/**
 * A visitor's bathroom photo for the visualizer's redraw (docs/REQUIREMENTS.md R15.5):
 * checked by its bytes (what sharp reads, never the name or declared type), turned upright,
 * resized and re-encoded as JPEG, which drops EXIF, GPS and every other metadata.
 */

export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** The photo's longest side once resized: plenty for a redraw, small to send and keep. */
const MAX_PHOTO_SIDE = 1600;
/** JPEG, PNG, WebP, and HEIC/HEIF (as phones take them). */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";

export const PHOTO_MESSAGES = {
  missing: "Choose a photo of your bathroom.",
  tooLarge: "This photo is larger than 15 MB. Please choose a smaller one.",
  notAPhoto: "This file is not a photo we can use. Please upload a JPEG, PNG, HEIC or WebP image.",
  tooManyPixels: "This photo has too many pixels. Please resize it and try again.",
  unreadable:
    "This photo could not be read. If it is a HEIC photo, please try a JPEG copy of it instead.",
} as const;

export type PhotoOutcome =
  { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; error: string };

export async function preparePhoto(file: File | undefined | null): Promise<PhotoOutcome> {
  if (!file || file.size === 0) return { ok: false, error: PHOTO_MESSAGES.missing };
  if (file.size > MAX_PHOTO_BYTES) return { ok: false, error: PHOTO_MESSAGES.tooLarge };
  const input = Buffer.from(await file.arrayBuffer());
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    return { ok: false, error: PHOTO_MESSAGES.notAPhoto };
  }
  if (!PHOTO_FORMATS.has(metadata.format ?? ""))
    return { ok: false, error: PHOTO_MESSAGES.notAPhoto };
  if (!metadata.width || !metadata.height) return { ok: false, error: PHOTO_MESSAGES.unreadable };
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    return { ok: false, error: PHOTO_MESSAGES.tooManyPixels };
  }
  try {
    // No withMetadata(): sharp writes none of the input's metadata.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({
        width: MAX_PHOTO_SIDE,
        height: MAX_PHOTO_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, jpeg: data, width: info.width, height: info.height };
  } catch {
    return { ok: false, error: PHOTO_MESSAGES.unreadable };
  }
}
