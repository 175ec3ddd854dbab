import type { PageSeo } from "../meta";

/** The metadata of /reviews (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const REVIEWS_SEO = {
  title: "Customer Reviews",
  description:
    // No figures here: the rating and review count are settings (a new company has none).
    "Read what homeowners across Massachusetts and New England say about their bathroom remodel and our design-build service, newest first, good and less good.",
  keywords: [
    "bathroom remodeler reviews",
    "Lumen Bath reviews",
    "bathroom remodeling reviews Boston",
    "best bathroom contractor Massachusetts",
    "Quincy bathroom company reviews",
  ],
  image: "/og/reviews.png",
} satisfies PageSeo;
