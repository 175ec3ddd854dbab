import { data, redirect, type RouterContextProvider } from "react-router";
import { BLOCK_EXPLANATION, BLOCK_TITLE } from "~/modules/analytics/bot-check.server";
import { cleanTrackingParams } from "~/modules/attribution/tracking";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { runtimeContext } from "~/modules/platform/context";
import { minutesText } from "~/modules/platform/strings";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TRACKING_FIELD_PREFIX,
} from "~/modules/public-forms/public-form-fields";
import {
  REVIEW_MESSAGES,
  toReviewFormValues,
  type ReviewActionResult,
} from "~/modules/reviews/leave-review-fields";
import {
  submitReview,
  type ReviewOutcome,
  type ReviewRequest,
} from "~/modules/reviews/leave-review.server";
import { reviewThanksToken, THANKS_PARAM } from "~/modules/reviews/review-thanks.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { pathOrUndefined, refererPath, requestFacts } from "../api/leads.server";

type Context = Readonly<RouterContextProvider>;

export const LEAVE_REVIEW_PATH = "/leave-review";

/** Where spam is sent: the plain thank-you, which names no review. */
const PLAIN_THANKS = `${LEAVE_REVIEW_PATH}?${THANKS_PARAM}=received`;

/** A post of the leave-review form (with or without JavaScript) as a review request. */
export function reviewRequestFromForm(
  form: FormData,
  request: Request,
  context: Context,
): ReviewRequest {
  const fields: Record<string, string> = {};
  const tracking: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name.startsWith(TRACKING_FIELD_PREFIX)) {
      tracking[name.slice(TRACKING_FIELD_PREFIX.length)] = value;
    } else fields[name] = value;
  }
  const facts = requestFacts(request, context);
  return {
    values: toReviewFormValues(fields),
    honeypot: fields[HONEYPOT_FIELD] ?? "",
    formToken: fields[FORM_TOKEN_FIELD],
    tracking: cleanTrackingParams(tracking),
    cookieTracking: facts.cookieTracking,
    affiliateCode: fields.affiliate_code ?? facts.cookieAffiliate,
    visitorId: facts.visitorId,
    analyticsVisitorId: facts.analytics.visitorId,
    analytics: facts.analytics,
    bot: facts.bot,
    ip: facts.ip,
    pagePath: pathOrUndefined(fields.pagePath) ?? refererPath(request, context),
  };
}

export async function submit(reviewRequest: ReviewRequest, context: Context) {
  const { database, jobs, logger, config } = context.get(runtimeContext);
  return submitReview(
    { database, boss: jobs.boss, logger, publicUrl: config.publicUrl, secret: config.authSecret },
    reviewRequest,
  );
}

const statusOf = { invalid: 422, stale_form: 422, rate_limited: 429, unavailable: 503 } as const;

/**
 * The answer to a post (Post/Redirect/Get): a stored review goes on to its signed
 * thank-you address, spam to the plain one; anything else is the form again with its
 * messages and what was typed.
 */
export async function answerForm(
  reviewRequest: ReviewRequest,
  outcome: ReviewOutcome,
  context: Context,
) {
  const { config, db } = context.get(runtimeContext);
  if (outcome.kind === "stored") {
    const token = reviewThanksToken(outcome.reviewId, config.authSecret);
    return redirect(`${LEAVE_REVIEW_PATH}?${THANKS_PARAM}=${token}`, 303);
  }
  if (outcome.kind === "spam") return redirect(PLAIN_THANKS, 303);
  const values = reviewRequest.values;
  if (outcome.kind === "blocked") {
    const result: ReviewActionResult = {
      values,
      formError: `${BLOCK_TITLE}. ${BLOCK_EXPLANATION}`,
      formToken: reviewRequest.formToken,
    };
    return data(result, { status: 403 });
  }
  // The form shown again keeps its token (its fill time counts from the first page, and it
  // is spent only by a stored review); an expired one is replaced.
  const formToken =
    outcome.kind === "stale_form" ? issueFormToken(config.authSecret) : reviewRequest.formToken;
  if (outcome.kind === "invalid") {
    return data<ReviewActionResult>(
      { values, errors: outcome.errors, formToken },
      { status: statusOf.invalid },
    );
  }
  const phone = await getCompanySettings(db)
    .then((company) => company.phone)
    .catch(() => "our office");
  const formError =
    outcome.kind === "stale_form"
      ? REVIEW_MESSAGES.staleForm
      : outcome.kind === "rate_limited"
        ? REVIEW_MESSAGES.rateLimited
            .replace("{minutes}", minutesText(outcome.retryAfterMs))
            .replace("{phone}", phone)
        : REVIEW_MESSAGES.unavailable.replace("{phone}", phone);
  const headers: HeadersInit =
    outcome.kind === "rate_limited"
      ? { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) }
      : {};
  return data<ReviewActionResult>(
    { values, formError, formToken },
    { status: statusOf[outcome.kind], headers },
  );
}
