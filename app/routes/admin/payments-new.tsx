import { randomUUID } from "node:crypto";
import { Link } from "react-router";
import type { Route } from "./+types/payments-new";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCents } from "~/components/admin/format";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { FieldError } from "~/components/ui/form-field";
import { PAYOUT_METHOD_LABELS, PAYOUT_METHODS } from "~/modules/affiliates/commission-rules";
import { paymentCommandSchema } from "~/modules/affiliates/payout.schema";
import { approveDueCommissions } from "~/modules/affiliates/commissions.server";
import { affiliatesOwed, payableLines, recordPayout } from "~/modules/affiliates/payouts.server";
import { companyDay } from "~/modules/platform/calendar-day";
import { isUuid } from "~/modules/platform/patterns";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Record a payout | Staff area" }];

/** "Process payment" (docs/REQUIREMENTS.md R2.13, D8): a payout to one affiliate (chosen lines) or to several in full. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, database } = context.get(runtimeContext);
  // What is payable now, not as of the hold job's last minute.
  await database.transaction((tx) => approveDueCommissions(tx.db));
  const chosen = new URL(request.url).searchParams.get("affiliate");
  const owed = await affiliatesOwed(db);
  const affiliate =
    chosen && isUuid(chosen) ? owed.find((row) => row.affiliateId === chosen) : undefined;
  const lines = affiliate ? await payableLines(db, affiliate.affiliateId) : [];
  return {
    owed,
    affiliate: affiliate ?? null,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      amountCents: line.amountCents,
      jobValueCents: line.jobValueCents,
      leadId: line.leadId,
      approvedAt: line.approvedAt,
      note: line.note,
    })),
    // A new key each time the page is served: sending this form twice records it once.
    requestKey: randomUUID(),
    today: companyDay(new Date()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, paymentCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const deps = {
    database: runtime.database,
    boss: runtime.jobs.boss,
    publicUrl: runtime.config.publicUrl,
  };
  const payment = {
    method: command.method,
    reference: command.reference,
    paidOn: command.paidOn,
  };
  if (command.intent === "record") {
    const outcome = await recordPayout(deps, actor, {
      ...payment,
      requestKey: command.requestKey,
      affiliateId: command.affiliateId,
      commissionIds: command.commissionIds,
    });
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    return redirectWithFlash(context, "/admin/payments", {
      message: `Payout of ${formatCents(outcome.payout.amountCents)} recorded.`,
      tone: "success",
    });
  }
  // Several affiliates, each paid everything approved for them, one payout each.
  const paid: number[] = [];
  const refused: string[] = [];
  for (const affiliateId of command.affiliateIds) {
    const lines = await payableLines(runtime.db, affiliateId);
    const outcome = await recordPayout(deps, actor, {
      ...payment,
      requestKey: `${command.requestKey}:${affiliateId}`,
      affiliateId,
      commissionIds: lines.map((line) => line.id),
    });
    if (outcome.ok) paid.push(outcome.payout.amountCents);
    else refused.push(outcome.error);
  }
  if (paid.length === 0) {
    return formAnswer(formId, submission, { formError: refused[0], status: 409 });
  }
  const total = paid.reduce((sum, cents) => sum + cents, 0);
  return redirectWithFlash(context, "/admin/payments", {
    message:
      `${paid.length} payout${paid.length === 1 ? "" : "s"} recorded, ${formatCents(total)} in all.` +
      (refused.length ? ` ${refused.length} not recorded: ${refused[0]}` : ""),
    tone: refused.length ? "error" : "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];
type LoaderData = Route.ComponentProps["loaderData"];

export default function NewPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { owed, affiliate } = loaderData;
  return (
    <>
      <PageHeader
        title="Record a payout"
        description="Pay affiliates what their approved commissions add up to: one affiliate's chosen lines, or several affiliates in full."
      />
      {owed.length === 0 ? (
        <EmptyState icon="send" title="Nobody is owed anything now">
          Commissions become payable once their hold period has passed.
        </EmptyState>
      ) : affiliate ? (
        <OneAffiliate loaderData={loaderData} actionData={actionData} />
      ) : (
        <SeveralAffiliates loaderData={loaderData} actionData={actionData} />
      )}
    </>
  );
}

/** How it was paid: the same fields for one payout or several. */
function PaymentFields({
  fields,
  today,
}: {
  fields: ReturnType<typeof useStaffForm<typeof paymentCommandSchema>>[1];
  today: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormSelect
        field={fields.method}
        label="Paid by"
        placeholder="Choose…"
        options={PAYOUT_METHODS.map((method) => ({
          value: method,
          label: PAYOUT_METHOD_LABELS[method],
        }))}
      />
      <FormTextField
        field={fields.reference}
        label="Reference (optional)"
        hint="A check number or a transfer's reference."
      />
      <FormTextField field={fields.paidOn} type="date" label="Paid on" max={today} />
    </div>
  );
}

function OneAffiliate({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: ActionData;
}) {
  const { affiliate, lines, requestKey, today } = loaderData;
  const [form, fields] = useStaffForm(paymentCommandSchema, {
    id: "record",
    actionData,
    defaultValue: { paidOn: today },
  });
  if (!affiliate) return null;
  return (
    <Panel title={`Pay ${affiliate.name}`}>
      <p className="mb-4 text-sm">
        Owed now: <strong>{formatCents(affiliate.owedCents)}</strong> in {affiliate.lines} line
        {affiliate.lines === 1 ? "" : "s"}. Payout details:{" "}
        {affiliate.payoutDetails ? (
          <span className="whitespace-pre-line">{affiliate.payoutDetails}</span>
        ) : (
          "none given"
        )}
        .{" "}
        <Link to="/admin/payments/new" className="underline">
          Choose another affiliate
        </Link>
      </p>
      <StaffForm form={form} intent="record" className="flex flex-col gap-5">
        <input type="hidden" name={fields.requestKey.name} value={requestKey} />
        <input type="hidden" name={fields.affiliateId.name} value={affiliate.affiliateId} />
        <fieldset aria-describedby={fields.commissionIds.errorId}>
          <legend className="mb-2 text-sm font-semibold">Lines this payout settles</legend>
          <DataTable
            caption="Approved commission lines"
            columns={["Pay", "Line", "Job value", "Approved", "Amount"]}
          >
            {lines.map((line) => (
              <tr key={line.id}>
                <td className={cellClass}>
                  <input
                    type="checkbox"
                    name={fields.commissionIds.name}
                    value={line.id}
                    defaultChecked
                    aria-label={`Pay the ${formatCents(line.amountCents)} line`}
                    className="size-4 accent-brass"
                  />
                </td>
                <td className={cellClass}>
                  {line.kind === "adjustment"
                    ? `Adjustment${line.note ? `: ${line.note}` : ""}`
                    : "Commission"}
                  {line.leadId && (
                    <>
                      {" · "}
                      <Link to={`/admin/leads/${line.leadId}`} className="underline">
                        lead
                      </Link>
                    </>
                  )}
                </td>
                <td className={cellClass}>{formatCents(line.jobValueCents)}</td>
                <td className={cellClass}>
                  {line.approvedAt ? companyDay(new Date(line.approvedAt)) : "-"}
                </td>
                <td className={`${cellClass} tabular-nums`}>{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </DataTable>
          <FieldError id={fields.commissionIds.id} message={fields.commissionIds.errors?.[0]} />
        </fieldset>
        <PaymentFields fields={fields} today={today} />
        <div className="flex justify-end">
          <SubmitButton formId="record" pendingLabel="Recording…">
            Record payout
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}

function SeveralAffiliates({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: ActionData;
}) {
  const { owed, requestKey, today } = loaderData;
  const [form, fields] = useStaffForm(paymentCommandSchema, {
    id: "record-several",
    actionData,
    defaultValue: { paidOn: today },
  });
  return (
    <Panel title="Affiliates owed">
      <StaffForm form={form} intent="record-several" className="flex flex-col gap-5">
        <input type="hidden" name={fields.requestKey.name} value={requestKey} />
        <DataTable
          caption="Affiliates with approved commissions"
          columns={["Pay in full", "Affiliate", "Owed", "Lines", "Payout details", ""]}
        >
          {owed.map((row) => (
            <tr key={row.affiliateId}>
              <td className={cellClass}>
                <input
                  type="checkbox"
                  name={fields.affiliateIds.name}
                  value={row.affiliateId}
                  aria-label={`Pay ${row.name} in full`}
                  className="size-4 accent-brass"
                />
              </td>
              <td className={cellClass}>
                <Link to={`/admin/affiliates/${row.affiliateId}`} className="font-medium underline">
                  {row.name}
                </Link>
                <span className="block text-xs text-muted">{row.code}</span>
              </td>
              <td className={`${cellClass} tabular-nums`}>{formatCents(row.owedCents)}</td>
              <td className={cellClass}>{row.lines}</td>
              <td className={`${cellClass} max-w-xs whitespace-pre-line text-xs`}>
                {row.payoutDetails ?? "-"}
              </td>
              <td className={cellClass}>
                <Link to={`?affiliate=${row.affiliateId}`} className="underline">
                  Choose lines
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
        <FieldError id={fields.affiliateIds.id} message={fields.affiliateIds.errors?.[0]} />
        <PaymentFields fields={fields} today={today} />
        <div className="flex justify-end">
          <SubmitButton formId="record-several" pendingLabel="Recording…">
            Record payouts
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}
