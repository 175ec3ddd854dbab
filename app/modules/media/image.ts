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
