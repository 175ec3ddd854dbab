import type { Route } from "./+types/reviews";
import { Badge } from "~/components/admin/badge";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { formatDay } from "~/components/admin/format";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { RecordList } from "~/components/admin/record-list";
import { StaffForm, useStaffForm } from "~/components/admin/staff-form";
import { SwitchButton, type SwitchIntents } from "~/components/admin/switch-button";
import { formatPhone } from "~/modules/leads/phone";
import { runtimeContext } from "~/modules/platform/context";
import {
  moderationSchema,
  readReviewFilter,
  REVIEW_RATINGS,
  REVIEW_STATUS_LABELS,
  reviewListHref,
} from "~/modules/reviews/moderation.schema";
import { WEBSITE_REVIEW_SOURCE } from "~/modules/reviews/review";
import {
  listReviewsForModeration,
  setReviewPublished,
} from "~/modules/reviews/reviews-admin.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const filter = readReviewFilter(new URL(request.url).searchParams);
  return { reviews: await listReviewsForModeration(db, filter), filter };
}

/** Publish or hide a review (editors and admins). */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, moderationSchema);
  if (submission.status !== "success") return formAnswer(formId, submission, { status: 400 });
  const { intent, reviewId } = submission.value;
  const outcome = await setReviewPublished(runtime.db, actor, reviewId, intent === "publish");
  if (!outcome.ok) {
    return formAnswer(formId, submission, {
      formError: outcome.message,
      status: outcome.reason === "not_found" ? 404 : 409,
    });
  }
  // Back to the list as it was filtered.
  const listHref = reviewListHref(readReviewFilter(new URL(request.url).searchParams));
  return redirectWithFlash(context, listHref, {
    message:
      intent === "publish" ? "The review is on the site." : "The review is hidden from the site.",
    tone: "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];
type ModeratedReview = Route.ComponentProps["loaderData"]["reviews"][number];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, filter } = loaderData;
  const filtered = Boolean(filter.status || filter.rating);
  return (
    <>
      <PageHeader
        title="Reviews"
        description="What customers wrote. Hidden reviews stay here but are not shown on the site or counted in its rating summary."
      />
      <FilterBar resetTo="/admin/reviews">
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status ?? ""}
          anyLabel="Any status"
          options={Object.entries(REVIEW_STATUS_LABELS).map(([value, label]) => ({
            value,
            label,
          }))}
        />
        <FilterSelect
          label="Rating"
          name="rating"
          value={filter.rating ? String(filter.rating) : ""}
          anyLabel="Any rating"
          options={REVIEW_RATINGS.map((rating) => ({ value: rating, label: `${rating} / 5` }))}
        />
      </FilterBar>
      {reviews.length === 0 ? (
        <EmptyState
          icon="star"
          title={filtered ? "No reviews match these filters" : "No reviews yet"}
        />
      ) : (
        <Panel title={`Reviews (${reviews.length}${filtered ? ", filtered" : ""})`}>
          <RecordList rows={reviews}>
            {(review) => (
              <>
                <div className="min-w-0 max-w-3xl">
                  <p className="font-semibold">
                    {review.name}
                    <span className="font-normal text-muted">
                      {" "}
                      · {review.town} · {review.service} · {review.source}
                    </span>
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span>{review.rating} / 5</span>
                    <span className="text-muted">{formatDay(review.reviewedOn)}</span>
                    {review.published ? (
                      <Badge tone="success">On the site</Badge>
                    ) : (
                      <Badge>Hidden</Badge>
                    )}
                    {!review.consentToPublish ? (
                      <Badge tone="danger">No consent to publish</Badge>
                    ) : (
                      review.source === WEBSITE_REVIEW_SOURCE && (
                        <Badge tone="info">Agreed to publication</Badge>
                      )
                    )}
                  </div>
                  <p className="mt-2 whitespace-pre-line text-sm text-ink-soft">{review.text}</p>
                  <ReviewContact review={review} />
                </div>
                <div className="shrink-0">
                  <ModerationForm review={review} actionData={actionData} />
                </div>
              </>
            )}
          </RecordList>
        </Panel>
      )}
    </>
  );
}

/** How to call back the author of a review left on the site: for staff only. */
function ReviewContact({ review }: { review: ModeratedReview }) {
  if (!review.contactEmail && !review.contactPhone) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span className="font-semibold">Contact (not published):</span>
      {review.contactPhone && (
        <a href={`tel:${review.contactPhone}`} className="underline">
          {formatPhone(review.contactPhone)}
        </a>
      )}
      {review.contactEmail && (
        <a href={`mailto:${review.contactEmail}`} className="underline">
          {review.contactEmail}
        </a>
      )}
    </p>
  );
}

const REVIEW_SWITCH: SwitchIntents = {
  on: { intent: "publish", label: "Publish" },
  off: { intent: "hide", label: "Hide" },
};

function ModerationForm({
  review,
  actionData,
}: {
  review: ModeratedReview;
  actionData: ActionData;
}) {
  const formId = `review-${review.id}`;
  const [form, fields] = useStaffForm(moderationSchema, { id: formId, actionData });
  return (
    <StaffForm form={form}>
      <input type="hidden" name={fields.reviewId.name} value={review.id} />
      <SwitchButton formId={formId} isOn={review.published} intents={REVIEW_SWITCH}>
        <span className="sr-only"> the review by {review.name}</span>
      </SwitchButton>
    </StaffForm>
  );
}
