import type { LinkDescriptor } from "react-router";
import { fallbackSrc, srcSet, type ResponsiveImageData } from "~/modules/media/image";

/**
 * A content image as AVIF and WebP in several widths. Below the fold (the default) it loads
 * lazily; `priority` marks the page's largest above-the-fold image, which the route also
 * preloads with `imagePreload` in its `links`.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className = "",
  imgClassName = "",
}: {
  image: ResponsiveImageData;
  /** The rendered width at each breakpoint, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
}) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        src={fallbackSrc(image)}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        style={{ backgroundColor: image.placeholder }}
        className={`h-auto w-full ${imgClassName}`}
      />
    </picture>
  );
}

/** The preload hint for a page's main image (AVIF, which every supported browser decodes). */
export function imagePreload(image: ResponsiveImageData, sizes: string): LinkDescriptor {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(image, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  } as LinkDescriptor;
}
