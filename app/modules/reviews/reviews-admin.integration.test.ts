import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditEvents, reviews } from "~/db/schema";
import { seedDemoContent } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import {
  listReviewsForModeration,
  MODERATION_MESSAGES,
  setReviewPublished,
} from "./reviews-admin.server";
import { readReviewFilter, reviewListHref } from "./moderation.schema";
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

  expect(await setReviewPublished(database.db, actor, review!.id, false)).toEqual({ ok: true });
  expect((await listPublishedReviews(database.db)).some((r) => r.id === review!.id)).toBe(false);
  expect((await summarizeReviews(database.db)).count).toBe(before.count - 1);

  expect(await setReviewPublished(database.db, actor, review!.id, true)).toEqual({ ok: true });
  expect((await summarizeReviews(database.db)).count).toBe(before.count);

  const audit = await database.db.select().from(auditEvents);
  expect(audit.map((event) => [event.action, event.target])).toEqual([
    ["review.hide", `review:${review!.id}`],
    ["review.publish", `review:${review!.id}`],
  ]);
  expect(await setReviewPublished(database.db, actor, 999_999, true)).toEqual({
    ok: false,
    reason: "not_found",
    message: MODERATION_MESSAGES.notFound,
  });
});

it("refuses to publish a review whose author did not agree to it, and may still hide it (R15.1)", async () => {
  const [review] = await database.db
    .insert(reviews)
    .values({
      name: "Casey R.",
      town: "Milton, MA",
      rating: 5,
      text: "Lovely work, but please keep this between us.",
      service: "Bathroom Remodeling",
      reviewedOn: "2026-11-20",
      source: "Website",
      published: false,
      consentToPublish: false,
    })
    .returning();
  const auditBefore = (await database.db.select().from(auditEvents)).length;

  expect(await setReviewPublished(database.db, actor, review!.id, true)).toEqual({
    ok: false,
    reason: "no_consent",
    message: MODERATION_MESSAGES.noConsent,
  });
  const [after] = await database.db.select().from(reviews).where(eq(reviews.id, review!.id));
  expect(after!.published).toBe(false);
  expect((await database.db.select().from(auditEvents)).length).toBe(auditBefore);

  expect(await setReviewPublished(database.db, actor, review!.id, false)).toEqual({ ok: true });
});

it("lists the reviews a filter keeps: on the site or hidden, of one rating", async () => {
  const all = await listReviewsForModeration(database.db);
  const [hidden] = all.filter((review) => review.published && review.rating === 5);
  await setReviewPublished(database.db, actor, hidden!.id, false);

  const current = await listReviewsForModeration(database.db);
  const ids = (reviews: { id: number }[]) => reviews.map((review) => review.id).sort();
  expect(ids(await listReviewsForModeration(database.db, { status: "hidden" }))).toEqual(
    ids(current.filter((review) => !review.published)),
  );
  expect(ids(await listReviewsForModeration(database.db, { status: "published" }))).toEqual(
    ids(current.filter((review) => review.published)),
  );
  const hiddenFives = await listReviewsForModeration(database.db, { status: "hidden", rating: 5 });
  expect(hiddenFives.map((review) => review.id)).toContain(hidden!.id);
  expect(hiddenFives.every((review) => !review.published && review.rating === 5)).toBe(true);
  expect(await listReviewsForModeration(database.db, { rating: 1 })).toEqual(
    current.filter((review) => review.rating === 1),
  );
});

it("reads the filters from the address, and anything unreadable as not given", () => {
  const read = (query: string) => readReviewFilter(new URLSearchParams(query));
  expect(read("status=hidden&rating=4")).toEqual({ status: "hidden", rating: 4 });
  expect(read("status=published")).toEqual({ status: "published", rating: undefined });
  for (const query of [
    "",
    "status=HIDDEN",
    "status=",
    "status=%00",
    "rating=0",
    "rating=6",
    "rating=4.5",
    "rating=x",
  ]) {
    expect(read(query), query).toEqual({ status: undefined, rating: undefined });
  }
  // A moderation action goes back to the list with the filters it read, and nothing else.
  expect(reviewListHref(read("status=hidden&rating=2&next=//elsewhere.example"))).toBe(
    "/admin/reviews?status=hidden&rating=2",
  );
  expect(reviewListHref(read("rating=9"))).toBe("/admin/reviews");
});
