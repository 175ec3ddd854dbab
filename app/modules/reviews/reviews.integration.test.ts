import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_REVIEWS } from "~/db/demo-reviews";
import { reviews } from "~/db/schema";
import { seedDemoContent } from "~/db/seed";
import { testDatabaseForFile } from "~/db/test-database.server";
import { listPublishedReviews, summarizeReviews } from "./reviews.server";

const database = testDatabaseForFile();

describe("reviews", () => {
  it("start empty, and the demo seed adds the sample reviews once", async () => {
    expect(await summarizeReviews(database.db)).toEqual({
      count: 0,
      average: 0,
      byStars: [0, 0, 0, 0, 0],
    });
    await seedDemoContent(database.db);
    await seedDemoContent(database.db);
    const summary = await summarizeReviews(database.db);
    expect(summary.count).toBe(DEMO_REVIEWS.length);
    expect(summary.byStars.reduce((a, b) => a + b, 0)).toBe(DEMO_REVIEWS.length);
    const expectedAverage =
      DEMO_REVIEWS.reduce((sum, review) => sum + review.rating, 0) / DEMO_REVIEWS.length;
    expect(summary.average).toBeCloseTo(expectedAverage, 1);
  });

  it("lists published reviews newest first, with a rating floor", async () => {
    const all = await listPublishedReviews(database.db, { limit: 100 });
    const dates = all.map((review) => review.reviewedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    const fiveStar = await listPublishedReviews(database.db, { limit: 3, minRating: 5 });
    expect(fiveStar).toHaveLength(3);
    expect(fiveStar.every((review) => review.rating === 5)).toBe(true);
  });

  it("leaves unpublished reviews out of the list and the summary", async () => {
    const [newest] = await listPublishedReviews(database.db, { limit: 1 });
    await database.db.update(reviews).set({ published: false }).where(eq(reviews.id, newest!.id));
    const after = await listPublishedReviews(database.db, { limit: 100 });
    expect(after.find((review) => review.id === newest!.id)).toBeUndefined();
    expect((await summarizeReviews(database.db)).count).toBe(DEMO_REVIEWS.length - 1);
  });

  it("rejects a rating outside 1 to 5", async () => {
    await expect(
      database.db.insert(reviews).values({ ...DEMO_REVIEWS[0]!, rating: 6 }),
    ).rejects.toThrow();
  });
});
