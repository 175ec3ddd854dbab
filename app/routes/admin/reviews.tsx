import { data, Form, redirect } from "react-router";
import * as z from "zod";
import type { Route } from "./+types/reviews";
import {
  Badge,
  cellClass,
  DataTable,
  EmptyState,
  formatDateTime,
  PageHeader,
} from "~/components/admin/ui";
import { buttonClasses } from "~/components/ui/button";
import { runtimeContext } from "~/modules/platform/context";
import {
  listReviewsForModeration,
  setReviewPublished,
} from "~/modules/reviews/reviews-admin.server";
import { flashCookie } from "~/modules/staff/flash.server";
import { requestIp, requireStaff } from "~/modules/staff/guard.server";
import { ErrorAlert } from "~/components/ui/error-alert";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { reviews: await listReviewsForModeration(db) };
}

const moderation = z.object({
  intent: z.enum(["publish", "hide"]),
  reviewId: z.coerce.number().int().positive(),
});

/** Publish or hide a review (editors and admins). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const { db } = context.get(runtimeContext);
  const parsed = moderation.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That request was not understood." }, { status: 400 });
  const { intent, reviewId } = parsed.data;
  const done = await setReviewPublished(
    db,
    { id: staff.id, email: staff.email, ip: requestIp(request, context) ?? null },
    reviewId,
    intent === "publish",
  );
  if (!done) return data({ error: "That review no longer exists." }, { status: 404 });
  return redirect("/admin/reviews", {
    headers: {
      "Set-Cookie": flashCookie({
        message:
          intent === "publish"
            ? "The review is on the site."
            : "The review is hidden from the site.",
        tone: "success",
      }),
    },
  });
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="What customers wrote. Hidden reviews stay here but are not shown on the site or counted in its rating summary."
      />
      {actionData?.error && <ErrorAlert className="mb-4">{actionData.error}</ErrorAlert>}
      {reviews.length === 0 ? (
        <EmptyState icon="star" title="No reviews yet" />
      ) : (
        <DataTable
          caption="Reviews"
          columns={["Reviewer", "Rating", "Review", "Date", "Shown", ""]}
        >
          {reviews.map((review) => (
            <tr key={review.id}>
              <td className={cellClass}>
                <p className="font-semibold">{review.name}</p>
                <p className="text-xs text-muted">
                  {review.town} · {review.source}
                </p>
              </td>
              <td className={cellClass}>{review.rating} / 5</td>
              <td className={`${cellClass} max-w-md text-ink-soft`}>{review.text}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(review.reviewedOn)}
              </td>
              <td className={cellClass}>
                {review.published ? (
                  <Badge tone="success">On the site</Badge>
                ) : (
                  <Badge>Hidden</Badge>
                )}
              </td>
              <td className={cellClass}>
                <Form method="post">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={review.published ? "hide" : "publish"}
                    className={buttonClasses("secondary")}
                  >
                    {review.published ? "Hide" : "Publish"}
                    <span className="sr-only"> the review by {review.name}</span>
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
