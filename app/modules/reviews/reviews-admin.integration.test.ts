import { afterAll, beforeAll, expect, it } from "vitest";
import { auditEvents } from "~/db/schema";
import { seedDemoContent } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { listReviewsForModeration, setReviewPublished } from "./reviews-admin.server";
import { listPublishedReviews, summarizeReviews } from "./reviews.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
});
afterAll(() => database.destroy());

const actor = { id: null as unknown as string, email: "editor@example.com", ip: "198.18.0.1" };

it("hiding a review takes it off the site and out of the summary; publishing brings it back", async () => {
  const [review] = await listReviewsForModeration(database.db);
  const before = await summarizeReviews(database.db);

  expect(await setReviewPublished(database.db, actor, review!.id, false)).toBe(true);
  expect((await listPublishedReviews(database.db)).some((r) => r.id === review!.id)).toBe(false);
  expect((await summarizeReviews(database.db)).count).toBe(before.count - 1);

  expect(await setReviewPublished(database.db, actor, review!.id, true)).toBe(true);
  expect((await summarizeReviews(database.db)).count).toBe(before.count);

  const audit = await database.db.select().from(auditEvents);
  expect(audit.map((event) => [event.action, event.target])).toEqual([
    ["review.hide", `review:${review!.id}`],
    ["review.publish", `review:${review!.id}`],
  ]);
  expect(await setReviewPublished(database.db, actor, 999_999, true)).toBe(false);
});
