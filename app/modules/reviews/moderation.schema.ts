import { integerIdSchema } from "~/modules/platform/ids";
import { filterQueryString } from "~/modules/platform/list-query";
import { z } from "~/modules/platform/zod";

/** The buttons beside a review on the staff's Reviews screen: show it on the site, or hide it. */
export const moderationSchema = z.object({
  intent: z.enum(["publish", "hide"], { error: "That request was not understood." }),
  reviewId: integerIdSchema("That request was not understood."),
});

/** The Reviews screen's filters, with their labels. */
export const REVIEW_STATUS_LABELS = { published: "On the site", hidden: "Hidden" } as const;
export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;

/** ?status=published|hidden and ?rating=1-5; anything unreadable counts as not given. */
const reviewFilterSchema = z.object({
  status: z.enum(["published", "hidden"]).optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
});
export type ReviewFilter = z.output<typeof reviewFilterSchema>;

export function readReviewFilter(params: URLSearchParams): ReviewFilter {
  return reviewFilterSchema.parse({
    status: params.get("status") || undefined,
    rating: params.get("rating") || undefined,
  });
}

/** The Reviews screen's address for `filter`: where a moderation action goes back to. */
export function reviewListHref(filter: ReviewFilter): string {
  return `/admin/reviews${filterQueryString(["status", "rating"], filter)}`;
}
