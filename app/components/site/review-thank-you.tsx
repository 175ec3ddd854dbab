import { useRef } from "react";
import { Link } from "react-router";
import { useCompany } from "~/components/site/use-site";
import { Button, buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CopyStatusMessage, useCopyToClipboard } from "~/components/ui/copy-to-clipboard";
import { ExternalLink } from "~/components/ui/external-link";
import { Icon } from "~/components/ui/icon";
import { StarRating } from "~/components/ui/star-rating";
import { INVITE_FROM_STARS, REVIEW_THANKS_TEXT } from "~/modules/reviews/leave-review-fields";
import { telHref } from "~/modules/settings/format";

/** What the thank-you knows of the review: see app/modules/reviews/review-thanks.server.ts. */
interface ThankedReview {
  rating: number;
  text: string;
  leftContact: boolean;
}

/**
 * After a review is stored (docs/REQUIREMENTS.md R15.1). Four or five stars: the reviewer
 * is invited to post the same words on the company's public review page, with the text to
 * copy. One to three: someone will call back. Without a review to name (a link gone stale),
 * a plain thank-you.
 */
export function ReviewThankYou({ review }: { review: ThankedReview | undefined }) {
  const invited = review !== undefined && review.rating >= INVITE_FROM_STARS;
  const title = !review
    ? REVIEW_THANKS_TEXT.plainTitle
    : invited
      ? REVIEW_THANKS_TEXT.invitedTitle
      : REVIEW_THANKS_TEXT.callBackTitle;
  return (
    <section className="border-b border-stone-200 bg-white py-14 sm:py-20">
      <Container className="flex max-w-3xl flex-col gap-6">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brass">
          <Icon name="circle-check" className="size-5" />
          Review received
        </p>
        <h1 className="text-4xl leading-tight sm:text-5xl">{title}</h1>
        {review && <StarRating rating={review.rating} size="size-6" />}
        {!review && <p className="text-lg text-ink-soft">{REVIEW_THANKS_TEXT.plain}</p>}
        {review && invited && <Invitation text={review.text} />}
        {review && !invited && <CallBack leftContact={review.leftContact} />}
        <p>
          <Link to="/reviews" className="font-semibold text-brass-dark underline">
            Read what other customers say
          </Link>
        </p>
      </Container>
    </section>
  );
}

function CallBack({ leftContact }: { leftContact: boolean }) {
  const company = useCompany();
  const [before, after] = REVIEW_THANKS_TEXT.noContact.split("{phone}");
  return (
    <div className="flex flex-col gap-4 text-lg leading-relaxed text-ink-soft">
      <p>{REVIEW_THANKS_TEXT.callBack}</p>
      {!leftContact && (
        <p>
          {before}
          <a href={telHref(company.phone)} className="font-semibold text-ink underline">
            {company.phone}
          </a>
          {after}
        </p>
      )}
    </div>
  );
}

const COPIED_FOR_MS = 6000;

/**
 * The review's text in a read-only field (without JavaScript it can be selected and copied
 * from there), a button that copies it once the page runs, and the review page's link.
 */
function Invitation({ text }: { text: string }) {
  const company = useCompany();
  const field = useRef<HTMLTextAreaElement>(null);
  const { canCopy, status, copy } = useCopyToClipboard(COPIED_FOR_MS);

  return (
    <div className="flex flex-col gap-5">
      <p className="text-lg leading-relaxed text-ink-soft">{REVIEW_THANKS_TEXT.invitedLead}</p>
      <div>
        <label htmlFor="review-text-copy" className="mb-1.5 block text-sm font-semibold text-ink">
          Your review
        </label>
        <textarea
          ref={field}
          id="review-text-copy"
          readOnly
          rows={Math.min(10, Math.max(3, Math.ceil(text.length / 70)))}
          value={text}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-lg border border-stone-300 bg-stone-50 px-3.5 py-2.5 text-base text-ink"
        />
        <CopyStatusMessage
          status={status}
          copied={REVIEW_THANKS_TEXT.copied}
          failed={REVIEW_THANKS_TEXT.copyFailed}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {canCopy && (
          <Button variant="secondary" size="lg" onClick={() => void copy(text, field.current)}>
            <Icon name={status === "copied" ? "check" : "clipboard-check"} className="size-5" />
            {REVIEW_THANKS_TEXT.copyButton}
          </Button>
        )}
        <ExternalLink href={company.reviewUrl} className={buttonClasses("primary", "lg")}>
          <Icon name="external-link" className="size-5" />
          {REVIEW_THANKS_TEXT.openReviewPage}
        </ExternalLink>
      </div>
    </div>
  );
}
