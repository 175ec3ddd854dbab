import { StarRating } from "~/components/ui/star-rating";
import { monthAndYear } from "~/modules/platform/calendar-day";
import { DEMO_REVIEW_SOURCE, type PublicReview } from "~/modules/reviews/review";

/** One customer review as a quotation. */
export function ReviewCard({
  review,
  headingLevel = 3,
}: {
  review: PublicReview;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className="flex h-full flex-col gap-4 rounded-(--radius-card) border border-stone-200 bg-white p-6 shadow-(--shadow-card)">
      <StarRating rating={review.rating} />
      <blockquote className="flex-1 leading-relaxed text-ink-soft">
        <p>{review.text}</p>
      </blockquote>
      <figcaption className="border-t border-stone-200 pt-4 text-sm">
        <Heading className="font-sans text-base font-semibold text-ink">{review.name}</Heading>
        <p className="text-muted">
          {review.town} · {review.service} ·{" "}
          <time dateTime={review.reviewedOn}>{monthAndYear(review.reviewedOn)}</time>
          {review.source === DEMO_REVIEW_SOURCE && " · Sample review"}
        </p>
      </figcaption>
    </figure>
  );
}

/** Reviews side by side or stacked, as `className` lays them out. */
export function ReviewList({
  reviews,
  className,
}: {
  reviews: readonly PublicReview[];
  className: string;
}) {
  return (
    <ul className={className}>
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
