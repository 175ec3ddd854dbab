import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { Badge } from "~/components/admin/badge";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCents, formatDay } from "~/components/admin/format";
import { ActionLink, EmptyState, PageHeader } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormTextField } from "~/components/admin/staff-form-fields";
import { PAYOUT_METHOD_LABELS } from "~/modules/affiliates/commission-rules";
import { voidPayoutSchema } from "~/modules/affiliates/payout.schema";
import { listPayouts, voidPayout } from "~/modules/affiliates/payouts.server";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Payouts | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { payouts: await listPayouts(db) };
}

/** Voids a payout with a reason: its commission lines are owed again (docs/REQUIREMENTS.md D8). */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, voidPayoutSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const outcome = await voidPayout(runtime.database, actor, submission.value);
  if (!outcome.ok) return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
  return redirectWithFlash(context, "/admin/payments", {
    message: "Payout voided: its commissions are owed again.",
    tone: "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];
type PayoutRow = Route.ComponentProps["loaderData"]["payouts"][number];

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const { payouts } = loaderData;
  return (
    <>
      <PageHeader
        title="Payouts"
        description="What was paid to affiliates, newest first. A payout voided by mistake returns its commissions to what is owed."
        actions={
          <ActionLink to="/admin/payments/new" icon="send" variant="primary">
            Record a payout
          </ActionLink>
        }
      />
      <StatementsExport />
      {payouts.length === 0 ? (
        <EmptyState icon="send" title="No payouts yet" />
      ) : (
        <DataTable
          caption="Payouts, newest first"
          columns={["Paid on", "Affiliate", "Amount", "Method", "Status", ""]}
        >
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={cellClass}>{formatDay(payout.paidOn)}</td>
              <td className={cellClass}>
                <Link to={`/admin/affiliates/${payout.affiliateId}`} className="underline">
                  {payout.affiliateName}
                </Link>
              </td>
              <td className={`${cellClass} tabular-nums`}>{formatCents(payout.amountCents)}</td>
              <td className={cellClass}>
                {PAYOUT_METHOD_LABELS[payout.method]}
                {payout.reference && (
                  <span className="block text-xs text-muted">{payout.reference}</span>
                )}
              </td>
              <td className={cellClass}>
                {payout.status === "void" ? (
                  <>
                    <Badge tone="danger">Void</Badge>
                    <span className="mt-1 block text-xs text-muted">{payout.voidReason}</span>
                  </>
                ) : (
                  <Badge tone="success">Recorded</Badge>
                )}
              </td>
              <td className={cellClass}>
                {payout.status === "recorded" && (
                  <VoidForm payout={payout} actionData={actionData} />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

function VoidForm({ payout, actionData }: { payout: PayoutRow; actionData: ActionData }) {
  const formId = `void-${payout.id}`;
  const [form, fields] = useStaffForm(voidPayoutSchema, { id: formId, actionData });
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium underline">Void…</summary>
      <StaffForm form={form} intent="void" className="mt-2 flex min-w-56 flex-col gap-2">
        <input type="hidden" name={fields.payoutId.name} value={payout.id} />
        <FormTextField field={fields.reason} label="Why" />
        <SubmitButton formId={formId} variant="secondary" pendingLabel="Voiding…">
          Void this payout
        </SubmitButton>
      </StaffForm>
    </details>
  );
}

/**
 * Every affiliate's statement as one CSV, for a period or for all time: a plain download
 * form, so the file comes straight from /admin/affiliates/statements.csv.
 */
function StatementsExport() {
  return (
    <form
      method="get"
      action="/admin/affiliates/statements.csv"
      aria-label="Export every affiliate's statement"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm"
    >
      <p className="w-full font-semibold">Statements of every affiliate (CSV)</p>
      <label className="flex flex-col gap-1">
        From
        <input type="date" name="from" className="rounded-lg border border-stone-300 px-3 py-2" />
      </label>
      <label className="flex flex-col gap-1">
        To
        <input type="date" name="to" className="rounded-lg border border-stone-300 px-3 py-2" />
      </label>
      <button type="submit" className={buttonClasses("secondary")}>
        <Icon name="download" className="size-4" />
        Export statements
      </button>
    </form>
  );
}
