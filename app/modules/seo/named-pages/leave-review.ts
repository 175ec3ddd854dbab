import type { PageSeo } from "../meta";

/** The metadata of /leave-review (docs/REQUIREMENTS.md R2.2); see ../named-pages.ts. */
export const LEAVE_REVIEW_SEO = {
  title: "Leave a Review of Your Bathroom Remodel",
  description:
    "Had your bathroom remodeled by Lumen Bath & Remodel? Tell us how it went: rate your project from 1 to 5 stars and share a few words for other homeowners.",
  keywords: [
    "leave a review Lumen Bath",
    "rate your bathroom remodel",
    "bathroom remodeler feedback",
    "review bathroom contractor Massachusetts",
    "customer review bathroom renovation",
  ],
  image: "/og/leave-review.png",
} satisfies PageSeo;
