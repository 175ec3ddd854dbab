import { loadSharp } from "~/modules/media/sharp.server";
import { createHash } from "node:crypto";

/** The widths every content image is rendered at, unless the source is narrower. */
export const DEFAULT_IMAGE_WIDTHS: readonly number[] = [480, 800, 1200, 1600];

export type ImageFormat = "avif" | "webp";

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat;
  data: Buffer;
  /** The first 10 hex characters of the SHA-256 of `data`, for content-hashed names. */
  hash: string;
}

export interface RenderedImage {
  /** Size of the largest variant. */
  width: number;
  height: number;
  /** The average colour as a CSS hex colour, shown while the image loads. */
  placeholder: string;
  /** Both formats for each width, widths ascending (AVIF then WebP for each width). */
  variants: ImageVariant[];
}

const SVG_DENSITY = 72; // libvips renders SVG at 72 dpi unless told otherwise
const MAX_SVG_DENSITY = 100_000; // the highest density libvips accepts

/**
 * Renders an uploaded photo or an SVG illustration into AVIF and WebP at several widths.
 * The image is turned upright by its EXIF orientation, converted to sRGB and written
 * without any metadata (EXIF, GPS, ICC profile, XMP, comments). It is never enlarged: a
 * source narrower than the largest width is also rendered at its own width. SVG is
 * rasterised at a density that yields the largest width.
 */
export async function renderImageVariants(
  input: Buffer,
  options: { widths?: readonly number[] } = {},
): Promise<RenderedImage> {
  const requested = [...new Set(options.widths ?? DEFAULT_IMAGE_WIDTHS)]
    .filter((width) => Number.isInteger(width) && width > 0)
    .sort((a, b) => a - b);
  const largest = requested.at(-1);
  if (largest === undefined) throw new Error("renderImageVariants: no valid widths");

  const sharp = await loadSharp();
  const metadata = await sharp(input).metadata();
  const density =
    metadata.format === "svg"
      ? Math.min(MAX_SVG_DENSITY, Math.ceil((SVG_DENSITY * largest) / metadata.width))
      : undefined;

  // Decode once: upright, sRGB, 8 bits, no wider than needed. Raw pixels carry no metadata.
  const { data: pixels, info } = await sharp(input, { density, autoOrient: true })
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const stats = await sharp(pixels, { raw }).stats();
  // An alpha channel that is opaque everywhere (SVG always has one) only costs bytes.
  const source = () =>
    stats.isOpaque && raw.channels === 4
      ? sharp(pixels, { raw }).removeAlpha()
      : sharp(pixels, { raw });

  const widths = requested.filter((width) => width < raw.width);
  widths.push(raw.width);

  const encode = async (width: number, format: ImageFormat): Promise<ImageVariant> => {
    const resized = source().resize({ width });
    const encoder =
      format === "avif" ? resized.avif({ quality: 50, effort: 4 }) : resized.webp({ quality: 72 });
    const { data, info: out } = await encoder.toBuffer({ resolveWithObject: true });
    return { width: out.width, height: out.height, format, data, hash: hashOf(data) };
  };
  const variants = await Promise.all(
    widths.flatMap((width) => [encode(width, "avif"), encode(width, "webp")]),
  );

  const placeholder = `#${stats.channels
    .slice(0, 3)
    .map((channel) => Math.round(channel.mean).toString(16).padStart(2, "0"))
    .join("")}`;

  return { width: raw.width, height: raw.height, placeholder, variants };
}

const hashOf = (data: Buffer): string =>
  createHash("sha256").update(data).digest("hex").slice(0, 10);
