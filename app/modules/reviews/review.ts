import type { Review } from "~/db/schema/reviews";

/** A review as the public site shows it. */
export type PublicReview = Pick<
  Review,
  "id" | "name" | "town" | "rating" | "text" | "service" | "reviewedOn" | "source"
>;

/** Sample content of the fictional demo company carries this source. */
export const DEMO_REVIEW_SOURCE = "Demo";

/** Reviews left on /leave-review carry this source (docs/REQUIREMENTS.md R15.1). */
export const WEBSITE_REVIEW_SOURCE = "Website";
