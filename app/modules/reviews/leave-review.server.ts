import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { analyticsEvents, reviews, type SpamReason } from "~/db/schema";
import { isAllowed, type BotVerdict } from "~/modules/analytics/bot-score";
import type { RequestEnrichment } from "~/modules/analytics/enrich.server";
import { formAttribution, type FormOrigin } from "~/modules/attribution/form-attribution.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { companyDay } from "~/modules/platform/calendar-day";
import type { Logger } from "~/modules/platform/logger.server";
import type { RateLimit } from "~/modules/platform/rate-limit.server";
import { botReason, checkPublicSubmission } from "~/modules/public-forms/public-submission.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import {
  INVITE_FROM_STARS,
  REVIEW_SERVICE_BY_PROJECT_TYPE,
  type ReviewFieldErrors,
  type ReviewFormValues,
} from "./leave-review-fields";
import { validateReview } from "./leave-review.schema";
import { lowRatingReviewMail } from "./review-notification";
import { WEBSITE_REVIEW_SOURCE } from "./review";

/** Reviews one address may send: a couple of tries is fine, a flood is not. */
export const REVIEW_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** Everything a post of the leave-review form carries, read by the route. */
export interface ReviewRequest extends FormOrigin {
  values: ReviewFormValues;
  /** The hidden field people never see; bots fill it in. */
  honeypot: string;
  /** When the form was served (signed). */
  formToken: string | undefined;
  /** The tracker's ids and the request's device, for the analytics record. */
  analytics?: {
    visitorId: string | undefined;
    sessionId: string | undefined;
    enrichment?: Pick<RequestEnrichment, "device" | "browser" | "os" | "country">;
  };
  bot?: BotVerdict;
  ip: string | undefined;
}

export type ReviewOutcome =
  /** Stored, unpublished. `invited`: 4 or 5 stars, asked to post it publicly too. */
  | { kind: "stored"; reviewId: number; rating: number; invited: boolean }
  /** Thanked like anyone else; nothing stored. */
  | { kind: "spam"; reason: SpamReason }
  | { kind: "stale_form" }
  | { kind: "invalid"; errors: ReviewFieldErrors }
  | { kind: "rate_limited"; retryAfterMs: number }
  | { kind: "blocked" }
  | { kind: "unavailable" };

export interface ReviewServices {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  /** For the link in the staff e-mail. */
  publicUrl: URL;
  /** Signs the form's fill-time token. */
  secret: string;
  minFillMs?: number;
  now?: () => number;
}

/**
 * A review left on /leave-review (docs/REQUIREMENTS.md R15.1), like a consultation request
 * (D2): spam is thanked and dropped, invalid input goes back with its messages, and a valid
 * review is stored unpublished, with its attribution, before anything else: in the same
 * transaction, the staff e-mail of a 1 to 3 star review and the `review_submission`
 * analytics record (rating and project type only).
 */
export async function submitReview(
  services: ReviewServices,
  request: ReviewRequest,
): Promise<ReviewOutcome> {
  const { database, logger } = services;
  const now = services.now?.() ?? Date.now();
  const submission = checkPublicSubmission(request, {
    name: "review",
    limit: REVIEW_RATE_LIMIT,
    secret: services.secret,
    now,
    minFillMs: services.minFillMs,
  });
  const spam = (reason: SpamReason): ReviewOutcome => {
    logger.info({ reason }, "review spam caught");
    return { kind: "spam", reason };
  };

  try {
    const validation = validateReview(request.values);
    const spamReason = botReason(submission, validation.ok);
    if (spamReason) return spam(spamReason);
    const company = await getCompanySettings(database.db);
    if (request.bot && !isAllowed(request.bot, company.botProtection)) return { kind: "blocked" };
    if (submission.stale) return { kind: "stale_form" };
    if (!validation.ok) return { kind: "invalid", errors: validation.errors };

    const limit = await submission.hitLimit(database.db);
    if (!limit.allowed) {
      logger.info({ retryAfterMs: limit.retryAfterMs }, "review rate limited");
      return { kind: "rate_limited", retryAfterMs: limit.retryAfterMs };
    }

    const values = validation.value;
    const stored = await database.transaction(async (tx) => {
      // A token serves one submission: spent with the stored review.
      if (!(await submission.spendToken(tx.db))) return REUSED_TOKEN;

      const [review] = await tx.db
        .insert(reviews)
        .values({
          name: values.name,
          town: values.town,
          rating: values.rating,
          text: values.text,
          service: REVIEW_SERVICE_BY_PROJECT_TYPE[values.projectType] ?? values.projectType,
          reviewedOn: companyDay(new Date(now)),
          source: WEBSITE_REVIEW_SOURCE,
          published: false,
          consentToPublish: values.consentToPublish,
          contactEmail: values.contactEmail,
          contactPhone: values.contactPhone,
          attribution: await formAttribution(tx.db, request, new Date(now)),
        })
        .returning();
      if (!review) throw new Error("The review was not stored");

      if (review.rating < INVITE_FROM_STARS) {
        await enqueueMail(
          tx,
          services.boss,
          lowRatingReviewMail(review, company, services.publicUrl),
        );
      }
      // The analytics record carries no personal data: the stars and the kind of project.
      await tx.db.insert(analyticsEvents).values({
        name: "review_submission",
        path: request.pagePath ?? null,
        ...request.analytics?.enrichment,
        visitorId: request.analytics?.visitorId ?? null,
        sessionId: request.analytics?.sessionId ?? null,
        isBot: request.bot?.isBot ?? false,
        botConfidence: request.bot?.confidence ?? 0,
        botType: request.bot?.botType ?? null,
        properties: { rating: review.rating, projectType: values.projectType },
      });
      return review;
    });

    if (stored === REUSED_TOKEN) return spam("reused_form_token");
    const invited = stored.rating >= INVITE_FROM_STARS;
    logger.info({ reviewId: stored.id, rating: stored.rating }, "review stored");
    return { kind: "stored", reviewId: stored.id, rating: stored.rating, invited };
  } catch (err) {
    logger.error({ err }, "storing a review failed");
    return { kind: "unavailable" };
  }
}

/** The transaction's answer when the form's token had already been spent. */
const REUSED_TOKEN = Symbol("reused form token");
