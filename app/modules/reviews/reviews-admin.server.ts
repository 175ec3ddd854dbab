import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reviews, type Review } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import type { ReviewFilter } from "./moderation.schema";

/**
 * The staff's moderation list, newest first: every review, published or not, or those the
 * filter keeps (on the site or hidden, of one rating).
 */
export function listReviewsForModeration(
  db: Database,
  filter: ReviewFilter = {},
): Promise<Review[]> {
  return db
    .select()
    .from(reviews)
    .where(
      and(
        filter.status ? eq(reviews.published, filter.status === "published") : undefined,
        filter.rating ? eq(reviews.rating, filter.rating) : undefined,
      ),
    )
    .orderBy(desc(reviews.reviewedOn), desc(reviews.id));
}

export const MODERATION_MESSAGES = {
  notFound: "That review no longer exists.",
  // docs/REQUIREMENTS.md R15.1: only what its author agreed to publish is published.
  noConsent: "This review cannot be published: its author did not agree to its publication.",
} as const;

export type ModerationOutcome =
  { ok: true } | { ok: false; reason: "not_found" | "no_consent"; message: string };

/**
 * Shows or hides a review on the site; audited. A review whose author did not agree to its
 * publication is never published (docs/REQUIREMENTS.md R15.1); hiding is always allowed.
 */
export async function setReviewPublished(
  db: Database,
  actor: { id: string; email: string; ip: string | null },
  reviewId: number,
  published: boolean,
): Promise<ModerationOutcome> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ consentToPublish: reviews.consentToPublish })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review) return { ok: false, reason: "not_found", message: MODERATION_MESSAGES.notFound };
    if (published && !review.consentToPublish) {
      return { ok: false, reason: "no_consent", message: MODERATION_MESSAGES.noConsent };
    }
    const [updated] = await tx
      .update(reviews)
      .set({ published })
      .where(eq(reviews.id, reviewId))
      .returning({ id: reviews.id, name: reviews.name });
    if (!updated) return { ok: false, reason: "not_found", message: MODERATION_MESSAGES.notFound };
    await recordAudit(tx, actor, {
      action: published ? "review.publish" : "review.hide",
      target: `review:${reviewId}`,
      details: { reviewer: updated.name },
    });
    return { ok: true };
  });
}
