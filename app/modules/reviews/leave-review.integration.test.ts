import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, companySettings, mailMessages, reviews } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { visitorWithTouches } from "~/modules/leads/test-support.server";
import { createLogger } from "~/modules/platform/logger.server";
import { forgetCompanySettings } from "~/modules/settings/settings.server";
import { EMPTY_REVIEW_FORM, type ReviewFormValues } from "./leave-review-fields";
import {
  REVIEW_RATE_LIMIT,
  submitReview,
  type ReviewRequest,
  type ReviewServices,
} from "./leave-review.server";
import { WEBSITE_REVIEW_SOURCE } from "./review";

const SECRET = "r".repeat(40);
const STAFF = ["owner@lumenbath.example", "service@lumenbath.example"];
const logger = createLogger({ level: "silent" });

let database: TestDatabase;
let jobs: Jobs;
let services: ReviewServices;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  await database.db.update(companySettings).set({ notificationEmails: STAFF });
  forgetCompanySettings(database.db);
  jobs = await startJobs(database, logger, {
    publicUrl: new URL("https://www.lumenbath.example"),
    pollingIntervalSeconds: 0.5,
  });
  services = {
    database,
    boss: jobs.boss,
    logger,
    publicUrl: new URL("https://www.lumenbath.example"),
    secret: SECRET,
  };
});

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
});

let sequence = 0;
/** A valid review from a visitor of its own address, whose form was served 10 s ago. */
function reviewRequest(
  values: Partial<ReviewFormValues> = {},
  overrides: Partial<ReviewRequest> = {},
): ReviewRequest {
  sequence += 1;
  return {
    values: {
      ...EMPTY_REVIEW_FORM,
      rating: "5",
      text: `Review number ${sequence}: tidy crew, beautiful tile.`,
      name: `Reviewer ${sequence}`,
      town: "Quincy, MA",
      projectType: "Home",
      consentToPublish: "on",
      ...values,
    },
    honeypot: "",
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    tracking: {},
    cookieTracking: {},
    affiliateCode: undefined,
    visitorId: undefined,
    analyticsVisitorId: undefined,
    ip: `198.19.${sequence % 250}.${Math.floor(Math.random() * 250)}`,
    pagePath: "/leave-review",
    ...overrides,
  };
}

const storedReview = async (id: number) =>
  (await database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;
const mailsAbout = async (name: string) =>
  (await database.db.select().from(mailMessages)).filter((mail) => mail.text.includes(name));

describe("a review left on the site (R15.1)", () => {
  it("with 4 or 5 stars: stored unpublished with its attribution, counted, no mail", async () => {
    const visitorId = await visitorWithTouches(database);
    for (const rating of ["4", "5"]) {
      const request = reviewRequest(
        { rating, projectType: "Rental", contactEmail: "Pat@Example.com" },
        {
          visitorId,
          analyticsVisitorId: "tracker-visitor-0001",
          affiliateCode: "harbor-design",
          tracking: { gclid: "G-7" },
          cookieTracking: { ga: "GA1.1.5.6" },
          analytics: { visitorId: "tracker-visitor-0001", sessionId: "tracker-session-01" },
        },
      );
      const outcome = await submitReview(services, request);
      expect(outcome).toEqual({
        kind: "stored",
        reviewId: expect.any(Number),
        rating: Number(rating),
        invited: true,
      });
      if (outcome.kind !== "stored") return;

      const review = await storedReview(outcome.reviewId);
      expect(review).toMatchObject({
        name: request.values.name,
        town: "Quincy, MA",
        rating: Number(rating),
        text: request.values.text,
        service: "Rental Property",
        source: WEBSITE_REVIEW_SOURCE,
        published: false,
        consentToPublish: true,
        contactEmail: "pat@example.com",
        contactPhone: null,
      });
      expect(review.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(review.attribution).toEqual({
        // The last touch's parameters, the analytics cookies, then what the browser kept.
        tracking: {
          utm_source: "facebook",
          utm_campaign: "retarget",
          fbclid: "FB1",
          ga: "GA1.1.5.6",
          gclid: "G-7",
        },
        firstTouch: expect.objectContaining({ landingPath: "/", referrer: "www.google.com" }),
        lastTouch: expect.objectContaining({ landingPath: "/bathrooms" }),
        affiliateCode: "harbor-design",
        visitorId: "tracker-visitor-0001",
      });
      expect(await mailsAbout(request.values.name)).toEqual([]);
    }
    const events = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, "review_submission"));
    expect(events.map((event) => event.properties)).toEqual([
      { rating: 4, projectType: "Rental" },
      { rating: 5, projectType: "Rental" },
    ]);
    expect(events[0]).toMatchObject({
      path: "/leave-review",
      visitorId: "tracker-visitor-0001",
      sessionId: "tracker-session-01",
    });
  });

  it("with 1 to 3 stars: stored unpublished, then one queued mail to every staff address", async () => {
    for (const rating of ["1", "2", "3"]) {
      const request = reviewRequest({
        rating,
        text: `Rated ${rating}: the grout\ncracked after a month.`,
        contactPhone: "617-555-0144",
      });
      const outcome = await submitReview(services, request);
      expect(outcome).toMatchObject({ kind: "stored", rating: Number(rating), invited: false });
      if (outcome.kind !== "stored") return;

      const review = await storedReview(outcome.reviewId);
      expect(review.published).toBe(false);
      expect(review.text).toBe(`Rated ${rating}: the grout\ncracked after a month.`);
      const mails = await mailsAbout(request.values.name);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatchObject({ kind: "review.low_rating", to: STAFF });
      expect(mail!.subject).toContain(`${rating}-star review`);
      for (const shown of [
        `Rating:        ${rating} out of 5`,
        request.values.name,
        "Quincy, MA",
        "(617) 555-0144",
        "the grout\ncracked after a month.",
        "https://www.lumenbath.example/admin/reviews",
      ]) {
        expect(mail!.text).toContain(shown);
      }
      // Stored first: the mail is written after the review, in its transaction.
      expect(mail!.createdAt.getTime()).toBeGreaterThanOrEqual(review.createdAt.getTime());
    }
  });

  it("keeps nothing, not even the review, when its mail cannot be queued", async () => {
    const failingBoss = {
      send: () => Promise.reject(new Error("queue down")),
      insert: () => Promise.reject(new Error("queue down")),
    } as unknown as PgBoss;
    const request = reviewRequest({ rating: "2" });
    const outcome = await submitReview({ ...services, boss: failingBoss }, request);
    expect(outcome).toEqual({ kind: "unavailable" });
    const rows = await database.db
      .select()
      .from(reviews)
      .where(eq(reviews.name, request.values.name));
    expect(rows).toEqual([]);
  });

  it("answers invalid input with its messages and stores nothing", async () => {
    const request = reviewRequest({ rating: "", consentToPublish: "" });
    const outcome = await submitReview(services, request);
    expect(outcome).toEqual({
      kind: "invalid",
      errors: {
        rating: "Please choose a rating from 1 to 5 stars",
        consentToPublish: "Please agree to the publication of your review",
      },
    });
  });

  it("thanks spam without storing it, and spends a form's token once", async () => {
    const honeypot = reviewRequest({}, { honeypot: "https://spam.example" });
    expect(await submitReview(services, honeypot)).toEqual({ kind: "spam", reason: "honeypot" });
    const tooFast = reviewRequest({}, { formToken: issueFormToken(SECRET) });
    expect(await submitReview(services, tooFast)).toEqual({ kind: "spam", reason: "too_fast" });
    const untokened = reviewRequest({}, { formToken: undefined });
    expect(await submitReview(services, untokened)).toEqual({
      kind: "spam",
      reason: "missing_form_token",
    });

    const first = reviewRequest();
    expect((await submitReview(services, first)).kind).toBe("stored");
    const again = reviewRequest({}, { formToken: first.formToken });
    expect(await submitReview(services, again)).toEqual({
      kind: "spam",
      reason: "reused_form_token",
    });
    for (const request of [honeypot, tooFast, untokened, again]) {
      const rows = await database.db
        .select()
        .from(reviews)
        .where(eq(reviews.name, request.values.name));
      expect(rows).toEqual([]);
    }
  });

  it("limits how many reviews one address sends", async () => {
    const ip = "198.18.77.77";
    const outcomes = [];
    for (let i = 0; i <= REVIEW_RATE_LIMIT.limit; i += 1) {
      outcomes.push((await submitReview(services, reviewRequest({}, { ip }))).kind);
    }
    expect(outcomes).toEqual([...Array(REVIEW_RATE_LIMIT.limit).fill("stored"), "rate_limited"]);
    // Another address is not held back.
    expect((await submitReview(services, reviewRequest())).kind).toBe("stored");
  });
});
