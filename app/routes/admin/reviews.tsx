import type { Route } from "./+types/reviews";
import { Badge } from "~/components/admin/badge";
import { formatDay } from "~/components/admin/format";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { RecordList } from "~/components/admin/record-list";
import { StaffForm, useStaffForm } from "~/components/admin/staff-form";
import { SwitchButton, type SwitchIntents } from "~/components/admin/switch-button";
import { runtimeContext } from "~/modules/platform/context";
import { moderationSchema } from "~/modules/reviews/moderation.schema";
import {
  listReviewsForModeration,
  setReviewPublished,
} from "~/modules/reviews/reviews-admin.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { reviews: await listReviewsForModeration(db) };
}

/** Publish or hide a review (editors and admins). */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, moderationSchema);
  if (submission.status !== "success") return formAnswer(formId, submission, { status: 400 });
  const { intent, reviewId } = submission.value;
  const done = await setReviewPublished(runtime.db, actor, reviewId, intent === "publish");
  if (!done) {
    return formAnswer(formId, submission, {
      formError: "That review no longer exists.",
      status: 404,
    });
  }
  return redirectWithFlash(context, "/admin/reviews", {
    message:
      intent === "publish" ? "The review is on the site." : "The review is hidden from the site.",
    tone: "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];
type ModeratedReview = Route.ComponentProps["loaderData"]["reviews"][number];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="What customers wrote. Hidden reviews stay here but are not shown on the site or counted in its rating summary."
      />
      {reviews.length === 0 ? (
        <EmptyState icon="star" title="No reviews yet" />
      ) : (
        <Panel title={`Reviews (${reviews.length})`}>
          <RecordList rows={reviews}>
            {(review) => (
              <>
                <div className="min-w-0 max-w-3xl">
                  <p className="font-semibold">
                    {review.name}
                    <span className="font-normal text-muted">
                      {" "}
                      · {review.town} · {review.source}
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
                  </div>
                  <p className="mt-2 text-sm text-ink-soft">{review.text}</p>
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
