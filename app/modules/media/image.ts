/**
 * A content image ready for the page: several widths in AVIF and WebP, with the intrinsic
 * size so the browser reserves its space (no layout shift). Produced by the image pipeline
 * (app/modules/media/pipeline.server.ts) for the demo illustrations and for uploads alike.
 */
export interface ResponsiveImageData {
  /** Alternative text; empty only for decorative images. */
  alt: string;
  /** Intrinsic size of the largest variant, in pixels. */
  width: number;
  height: number;
  /** One entry per width, smallest first; URLs are content-hashed and cached for a year. */
  variants: Array<{ width: number; avif: string; webp: string }>;
  /** A tiny blurred placeholder colour shown while loading (CSS colour). */
  placeholder: string;
}

export const srcSet = (image: ResponsiveImageData, format: "avif" | "webp"): string =>
  image.variants.map((variant) => `${variant[format]} ${variant.width}w`).join(", ");

/** The variant used by the plain <img> fallback: the largest WebP. */
export const fallbackSrc = (image: ResponsiveImageData): string =>
  image.variants.at(-1)?.webp ?? "";

/**
 * The data of an image whose files the pipeline wrote as `{prefix}/{name}-{width}-{hash}.{format}`:
 * kept compact in generated modules, since they ship to the browser.
 */
export function generatedImage(
  prefix: string,
  name: string,
  alt: string,
  size: [width: number, height: number],
  placeholder: string,
  files: Array<[width: number, avifHash: string, webpHash: string]>,
): ResponsiveImageData {
  return {
    alt,
    width: size[0],
    height: size[1],
    placeholder,
    variants: files.map(([width, avif, webp]) => ({
      width,
      avif: `${prefix}/${name}-${width}-${avif}.avif`,
      webp: `${prefix}/${name}-${width}-${webp}.webp`,
    })),
  };
}
