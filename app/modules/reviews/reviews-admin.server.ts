import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { reviews, type Review } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";

/** Every review, published or not, newest first (the staff's moderation list). */
export function listReviewsForModeration(db: Database): Promise<Review[]> {
  return db.select().from(reviews).orderBy(desc(reviews.reviewedOn), desc(reviews.id));
}

/** Shows or hides a review on the site; audited. Returns false for an unknown review. */
export async function setReviewPublished(
  db: Database,
  actor: { id: string; email: string; ip: string | null },
  reviewId: number,
  published: boolean,
): Promise<boolean> {
  const [updated] = await db
    .update(reviews)
    .set({ published })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id, name: reviews.name });
  if (!updated) return false;
  await recordAudit(db, actor, {
    action: published ? "review.publish" : "review.hide",
    target: `review:${reviewId}`,
    details: { reviewer: updated.name },
  });
  return true;
}
