import { ResponsiveImage } from "~/components/ui/responsive-image";
import { SEO_DESCRIPTION_RECOMMENDED, SEO_TITLE_RECOMMENDED } from "~/modules/content/post.schema";
import type { ResponsiveImageData } from "~/modules/media/image";

/** How the post looks as a search result and as a shared link. */
export function SharePreviews({
  title,
  url,
  description,
  image,
}: {
  title: string;
  url: string;
  description: string;
  /** The social image, else the cover, as saved. */
  image?: ResponsiveImageData;
}) {
  const cut = (value: string, max: number) =>
    value.length > max ? `${value.slice(0, max - 1)}…` : value;
  // A title or description of one long word wraps anywhere rather than widen the page.
  return (
    <div className="flex flex-col gap-4" aria-label="Previews">
      <figure>
        <figcaption className="mb-1.5 text-sm font-semibold text-ink">In search results</figcaption>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <p className="break-all text-xs text-muted">{url}</p>
          <p className="wrap-anywhere text-lg text-[#1a0dab]">
            {cut(title, SEO_TITLE_RECOMMENDED)}
          </p>
          <p className="wrap-anywhere text-sm text-ink-soft">
            {cut(description, SEO_DESCRIPTION_RECOMMENDED) || "No description yet."}
          </p>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-1.5 text-sm font-semibold text-ink">As a shared link</figcaption>
        <div className="overflow-hidden rounded-lg border border-stone-200 bg-white">
          {image ? (
            <ResponsiveImage
              image={{ ...image, alt: "" }}
              sizes="(min-width: 1024px) 30rem, 100vw"
              className="block aspect-[1.91/1] overflow-hidden bg-stone-100"
              imgClassName="!h-full object-cover"
            />
          ) : (
            <div className="flex aspect-[1.91/1] items-center justify-center bg-stone-100 text-xs text-muted">
              Social image
            </div>
          )}
          <div className="p-3">
            <p className="text-xs uppercase text-muted">{new URL(url).host}</p>
            <p className="wrap-anywhere font-semibold">{title}</p>
            <p className="line-clamp-2 wrap-anywhere text-sm text-ink-soft">{description}</p>
          </div>
        </div>
      </figure>
    </div>
  );
}
