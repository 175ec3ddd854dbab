import type { Database } from "~/db/client.server";
import type { ResponsiveImageData } from "~/modules/media/image";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { loadResponsiveImages } from "~/modules/media/uploads.server";

/**
 * The demo posts' covers: drawings the site already ships (DEMO_IMAGES), chosen by slug,
 * so the demo blog has pictures without uploaded files. An uploaded cover comes first.
 */
const DEMO_POST_COVERS: Record<string, keyof typeof DEMO_IMAGES> = {
  "curbless-shower-in-an-older-cape": "walk-in-shower",
  "heated-bathroom-floors-for-new-england-winters": "soaking-tub-detail",
  "choosing-tile-that-survives-hard-water": "double-vanity",
  "what-a-bathroom-remodel-costs-in-massachusetts": "design-consultation",
  "aging-in-place-bathroom-checklist": "accessible-bath",
  "bathroom-ventilation-and-mold-in-humid-summers": "home-hero",
};

export interface CoverSource {
  id: number;
  slug: string;
  coverImageId: string | null;
  coverAlt: string;
}

/** Each post's cover, by post id; a post without one is simply absent. */
export async function loadCovers(
  db: Database,
  items: CoverSource[],
): Promise<Map<number, ResponsiveImageData>> {
  const covers = new Map<number, ResponsiveImageData>();
  const uploaded = await loadResponsiveImages(
    db,
    items.flatMap((item) =>
      item.coverImageId ? [{ id: item.coverImageId, alt: item.coverAlt }] : [],
    ),
  );
  for (const item of items) {
    const found = item.coverImageId ? uploaded.get(item.coverImageId) : undefined;
    if (found) covers.set(item.id, found);
  }
  for (const item of items) {
    if (covers.has(item.id)) continue;
    const demo = DEMO_POST_COVERS[item.slug];
    if (demo) {
      const image = DEMO_IMAGES[demo];
      covers.set(item.id, { ...image, alt: item.coverAlt || image.alt });
    }
  }
  return covers;
}
