import type { PageSeo } from "../meta";

/** The metadata of /reviews (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const REVIEWS_SEO = {
  title: "Customer Reviews",
  description:
    "Read what homeowners across Massachusetts and New England say about their bathroom remodel: rated 4.9 out of 5 from 1,250 reviews of our design-build service.",
  keywords: [
    "bathroom remodeler reviews",
    "Lumen Bath reviews",
    "bathroom remodeling reviews Boston",
    "best bathroom contractor Massachusetts",
    "Quincy bathroom company reviews",
  ],
  image: "/og/reviews.png",
} satisfies PageSeo;
