import type { Route } from "./+types/reviews";
import { JsonLd } from "~/components/site/json-ld";
import { PageHero } from "~/components/site/page-hero";
import { ReviewCard } from "~/components/site/review-card";
import { ratingClaim, useCompany } from "~/components/site/use-site";
import { buttonClasses, ButtonLink } from "~/components/ui/button";
import { ExternalLink } from "~/components/ui/external-link";
import { Section, SectionHeader } from "~/components/ui/section";
import { StarRating } from "~/components/ui/star-rating";
import { runtimeContext } from "~/modules/platform/context";
import { DEMO_REVIEW_SOURCE } from "~/modules/reviews/review";
import { listPublishedReviews, summarizeReviews } from "~/modules/reviews/reviews.server";
import { reviewsJsonLd } from "~/modules/seo/json-ld";
import { pageMeta } from "~/modules/seo/meta";
import { REVIEWS_SEO } from "~/modules/seo/named-pages/reviews";
import { Icon } from "~/components/ui/icon";

/** Enough for a long read; older reviews stay in the database for staff. */
const SHOWN = 60;

export const meta: Route.MetaFunction = (args) => pageMeta(args, REVIEWS_SEO);

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const [reviews, summary] = await Promise.all([
    listPublishedReviews(db, { limit: SHOWN }),
    summarizeReviews(db),
  ]);
  return { reviews, summary, origin: config.publicUrl.origin };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, summary, origin } = loaderData;
  const company = useCompany();
  const hasSamples = reviews.some((review) => review.source === DEMO_REVIEW_SOURCE);
  // Only once staff have set it: a new company makes no rating claim.
  const rating = ratingClaim(company);

  return (
    <>
      <PageHero eyebrow="Reviews" title="What our customers say">
        <p>
          {rating &&
            `${company.name} is rated ${rating.value} out of 5 from ${rating.count} reviews. `}
          Here are the reviews customers have left with us directly, newest first, good and less
          good.
        </p>
      </PageHero>

      <Section
        tone="plain"
        labelledBy="all-reviews-heading"
        containerClassName="grid gap-10 lg:grid-cols-[20rem_1fr]"
      >
        <aside
          aria-labelledby="rating-heading"
          className="flex flex-col gap-6 lg:sticky lg:top-28 lg:self-start"
        >
          <div className="rounded-(--radius-card) border border-stone-200 bg-white p-6 shadow-(--shadow-card)">
            <h2
              id="rating-heading"
              className="font-sans text-base font-semibold uppercase tracking-wider text-muted"
            >
              Overall rating
            </h2>
            {rating ? (
              <>
                <p className="mt-2 flex items-baseline gap-2">
                  <span className="font-serif text-6xl text-ink">{rating.value}</span>
                  <span className="text-ink-soft">out of 5</span>
                </p>
                <StarRating rating={rating.value} size="size-6" />
                <p className="mt-2 text-sm text-ink-soft">
                  From {rating.count} reviews across our site and review platforms.
                </p>
              </>
            ) : (
              summary.count === 0 && <p className="mt-2 text-ink-soft">No ratings yet.</p>
            )}
            {summary.count > 0 && (
              <>
                <h3 className="mt-6 font-sans text-sm font-semibold text-ink">
                  The {summary.count} reviews on this page
                </h3>
                <ul className="mt-3 flex flex-col gap-2 text-sm">
                  {[5, 4, 3, 2, 1].map((stars) => {
                    const n = summary.byStars[stars - 1] ?? 0;
                    const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
                    return (
                      <li key={stars} className="flex items-center gap-3">
                        <span className="inline-flex w-10 items-center gap-1 text-ink-soft">
                          {stars}
                          <Icon name="star" className="size-3.5 fill-brass text-brass" />
                          <span className="sr-only">stars:</span>
                        </span>
                        <span
                          aria-hidden="true"
                          className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200"
                        >
                          <span
                            className="block h-full rounded-full bg-brass"
                            style={{ width: `${share}%` }}
                          />
                        </span>
                        <span className="w-8 text-right text-ink-soft">{n}</span>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </div>
          <ExternalLink href={company.reviewUrl} className={buttonClasses("primary", "lg")}>
            <Icon name="external-link" className="size-5" />
            Leave us a Review
          </ExternalLink>
          <ButtonLink to="/leave-review" variant="secondary" size="lg">
            <Icon name="star" className="size-5" />
            Write your review here
          </ButtonLink>
        </aside>

        <div>
          <SectionHeader id="all-reviews-heading" title="Recent reviews">
            {hasSamples && (
              <p className="rounded-lg border border-brass-light bg-white px-4 py-3 text-base">
                {company.name} is a fictional demo company: reviews marked &ldquo;Sample
                review&rdquo; are sample content, not real customers.
              </p>
            )}
          </SectionHeader>
          {reviews.length > 0 ? (
            <ul className="grid gap-6 md:grid-cols-2">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-lg text-ink-soft">
              No reviews have been published here yet. Be the first to tell others about your
              project.
            </p>
          )}
        </div>
      </Section>
      <JsonLd data={reviewsJsonLd(company, origin, reviews)} />
    </>
  );
}
