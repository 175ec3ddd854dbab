import { and, count, desc, eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { reviews } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import type { PublicReview } from "./review";

const publicColumns = {
  id: reviews.id,
  name: reviews.name,
  town: reviews.town,
  rating: reviews.rating,
  text: reviews.text,
  service: reviews.service,
  reviewedOn: reviews.reviewedOn,
  source: reviews.source,
};

/** Published reviews, newest first. */
export async function listPublishedReviews(
  db: Database,
  options: { limit: number; offset?: number; minRating?: number } = { limit: 50 },
): Promise<PublicReview[]> {
  return db
    .select(publicColumns)
    .from(reviews)
    .where(
      and(
        eq(reviews.published, true),
        options.minRating ? sql`${reviews.rating} >= ${options.minRating}` : undefined,
      ),
    )
    .orderBy(desc(reviews.reviewedOn), desc(reviews.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export interface ReviewSummary {
  count: number;
  average: number;
  /** How many published reviews gave each number of stars (index 0 = 1 star). */
  byStars: [number, number, number, number, number];
}

/** Count, average and distribution of the published reviews. */
export async function summarizeReviews(db: Database): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(eq(reviews.published, true))
    .groupBy(reviews.rating);
  const byStars: ReviewSummary["byStars"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    byStars[row.rating - 1] = Number(row.n);
    total += Number(row.n);
    sum += row.rating * Number(row.n);
  }
  return { count: total, average: total ? Math.round((sum / total) * 10) / 10 : 0, byStars };
}

/** The loader of the pages that show the three newest five-star reviews as proof (home, TV). */
export async function featuredReviewsLoader({
  context,
}: {
  context: Readonly<RouterContextProvider>;
}) {
  const { db } = context.get(runtimeContext);
  return { reviews: await listPublishedReviews(db, { limit: 3, minRating: 5 }) };
}
