import { Link } from "react-router";
import type { Route } from "./+types/leave-review";
import { LeaveReviewForm } from "~/components/site/leave-review-form";
import { ReviewThankYou } from "~/components/site/review-thank-you";
import { PageHero } from "~/components/site/page-hero";
import { Container } from "~/components/ui/container";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { runtimeContext } from "~/modules/platform/context";
import { THANKS_PARAM } from "~/modules/reviews/leave-review-fields";
import { reviewIdFromThanksToken, reviewThanks } from "~/modules/reviews/review-thanks.server";
import { pageMeta } from "~/modules/seo/meta";
import { LEAVE_REVIEW_SEO } from "~/modules/seo/named-pages/leave-review";
import { answerForm, reviewRequestFromForm, submit } from "./leave-review.server";

/**
 * /leave-review (docs/REQUIREMENTS.md R15.1): a customer rates their project and writes a
 * review, which waits for staff to publish it. The form posts here; a stored review leads
 * to /leave-review?thanks={signed token} (Post/Redirect/Get), so a refresh sends nothing
 * twice.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    ...LEAVE_REVIEW_SEO,
    // A thank-you names one reviewer's words: never for search engines.
    noindex: new URLSearchParams(args.location.search).has(THANKS_PARAM),
  });

/** A refused post says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const merged = new Headers(loaderHeaders);
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const thanks = new URL(request.url).searchParams.get(THANKS_PARAM);
  if (thanks === null) {
    // The form's own token: spent by its review, never the one of the layout's form.
    return { view: "form" as const, formToken: issueFormToken(config.authSecret) };
  }
  const reviewId = reviewIdFromThanksToken(thanks, config.authSecret);
  return {
    view: "thanks" as const,
    review: reviewId ? await reviewThanks(db, reviewId) : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData(); // Not a form: answered like an empty one.
  }
  const reviewRequest = reviewRequestFromForm(form, request, context);
  return answerForm(reviewRequest, await submit(reviewRequest, context), context);
}

export default function LeaveReview({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "thanks") return <ReviewThankYou review={loaderData.review} />;
  return (
    <>
      <PageHero eyebrow="Reviews" title="Leave a review">
        <p>
          Had your bathroom remodeled with us? Tell us how it went. Every review is read by our
          team, and with your agreement it appears on our{" "}
          <Link to="/reviews" className="underline">
            reviews page
          </Link>
          .
        </p>
      </PageHero>
      <section aria-labelledby="review-title" className="bg-stone-100 py-12 sm:py-16">
        <Container className="max-w-3xl">
          <LeaveReviewForm formToken={loaderData.formToken} result={actionData} />
        </Container>
      </section>
    </>
  );
}
