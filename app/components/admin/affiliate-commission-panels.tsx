import { Badge } from "~/components/admin/badge";
import { CommissionRuleFields } from "~/components/admin/commission-rule-fields";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { LeadLink } from "~/components/admin/lead-link";
import { Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import {
  adjustmentSchema,
  clearCommissionRuleSchema,
  commissionRuleSchema,
  DETAIL_COMMISSIONS_SHOWN,
  MAX_COMMISSION_NOTE_LENGTH,
  voidCommissionSchema,
} from "~/modules/affiliates/affiliate-admin.schema";
import type { CommissionLine } from "~/modules/affiliates/commission-admin.server";
import { OWN_RULE_NAMES, ruleFormValues } from "~/modules/affiliates/commission-rule.schema";
import {
  commissionStatusAfter,
  describeRule,
  VOID_REASON_LABELS,
  type CommissionRule,
  type CommissionStatus,
} from "~/modules/affiliates/commission-rules";

/**
 * The commission panels of an affiliate's admin page (docs/REQUIREMENTS.md D8): the rule
 * they earn under, with a form to give them their own, and their commission lines, with
 * an admin's void and an adjustment.
 */

const STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: "Pending (in hold)",
  approved: "Approved",
  paid: "Paid",
  void: "Void",
};

const STATUS_TONES = {
  pending: "warning",
  approved: "info",
  paid: "success",
  void: "danger",
} as const satisfies Record<CommissionStatus, string>;

export function CommissionRulePanel({
  ownRule,
  defaultRule,
  actionData,
}: {
  ownRule: CommissionRule | null;
  defaultRule: CommissionRule;
  actionData: unknown;
}) {
  const [form, fields] = useStaffForm(commissionRuleSchema, {
    id: "commission-rule",
    actionData,
    defaultValue: ruleFormValues(ownRule ?? defaultRule, OWN_RULE_NAMES),
  });
  const [clearForm] = useStaffForm(clearCommissionRuleSchema, {
    id: "commission-rule-clear",
    actionData,
  });
  return (
    <Panel title="Commission rule">
      <p className="text-sm" data-testid="commission-rule-now">
        {ownRule ? (
          <>
            <span className="font-semibold">Their own rule: </span>
            {describeRule(ownRule)}.
          </>
        ) : (
          <>
            <span className="font-semibold">The default rule: </span>
            {describeRule(defaultRule)}.
          </>
        )}
      </p>
      <p className="mt-1 text-xs text-muted">
        A change applies to jobs won afterwards; earlier commissions keep their terms.
      </p>
      <StaffForm
        form={form}
        intent="commission-rule"
        className="mt-4 flex flex-col gap-4 border-t border-stone-200 pt-4"
        aria-label="Their own commission rule"
      >
        <CommissionRuleFields fields={fields} names={OWN_RULE_NAMES} />
        <SubmitButton formId={form.id} variant="secondary" pendingLabel="Saving…">
          {ownRule ? "Save their rule" : "Give them their own rule"}
        </SubmitButton>
      </StaffForm>
      {ownRule && (
        <StaffForm form={clearForm} intent="commission-rule-clear" className="mt-3">
          <SubmitButton formId={clearForm.id} variant="ghost" pendingLabel="Saving…">
            Use the default rule instead
          </SubmitButton>
        </StaffForm>
      )}
    </Panel>
  );
}

export function CommissionsPanel({
  lines,
  actionData,
}: {
  lines: CommissionLine[];
  actionData: unknown;
}) {
  return (
    <Panel title="Commissions">
      {lines.length === 0 ? (
        <p className="text-sm text-muted">
          No commissions yet: they earn when a referred job is won.
        </p>
      ) : (
        <DataTable
          caption="Their commission lines, newest first"
          columns={["Date", "Lead", "Kind", "Status", "Amount", "Job value", "Actions"]}
        >
          {lines.map((line) => (
            <tr key={line.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(line.createdAt)}</td>
              <td className={cellClass}>
                {line.leadId ? (
                  <LeadLink leadId={line.leadId}>
                    {line.leadFirstName} {line.leadLastName}
                  </LeadLink>
                ) : (
                  "-"
                )}
              </td>
              <td className={cellClass}>
                {line.kind === "adjustment" ? "Adjustment" : "Commission"}
                {line.note && line.status !== "void" && (
                  <span className="block text-xs text-muted">{line.note}</span>
                )}
              </td>
              <td className={cellClass}>
                <Badge tone={STATUS_TONES[line.status]}>{STATUS_LABELS[line.status]}</Badge>
                {line.status === "void" && line.voidReason && (
                  <span className="mt-1 block text-xs text-muted">
                    {VOID_REASON_LABELS[line.voidReason]}
                    {line.note ? `: ${line.note}` : ""}
                  </span>
                )}
              </td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
                {formatCents(line.amountCents)}
              </td>
              <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
                {formatCents(line.jobValueCents)}
              </td>
              <td className={cellClass}>
                {commissionStatusAfter(line.status, "void") ? (
                  <VoidForm line={line} actionData={actionData} />
                ) : (
                  <span className="text-xs text-muted">-</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {lines.length >= DETAIL_COMMISSIONS_SHOWN && (
        <p className="mt-2 text-xs text-muted">The latest {lines.length} are shown.</p>
      )}
      <AdjustmentForm actionData={actionData} />
    </Panel>
  );
}

/** Voiding asks for a reason first, in a disclosure beside the line. */
function VoidForm({ line, actionData }: { line: CommissionLine; actionData: unknown }) {
  const id = `void-${line.id}`;
  const [form, fields] = useStaffForm(voidCommissionSchema, {
    id,
    actionData,
    defaultValue: { commissionId: line.id },
  });
  const failed = Boolean(form.errors?.length || fields.note.errors?.length);
  return (
    <details open={failed || undefined} className="min-w-56">
      <summary className="cursor-pointer text-sm font-semibold underline">Void</summary>
      <StaffForm form={form} intent="commission-void" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="commissionId" value={line.id} />
        <FormTextArea
          field={fields.note}
          label={`Why void this ${formatCents(line.amountCents)} line?`}
          rows={2}
          maxLength={MAX_COMMISSION_NOTE_LENGTH}
        />
        <SubmitButton formId={id} variant="secondary" pendingLabel="Voiding…">
          Void it
        </SubmitButton>
      </StaffForm>
    </details>
  );
}

function AdjustmentForm({ actionData }: { actionData: unknown }) {
  const [form, fields] = useStaffForm(adjustmentSchema, { id: "commission-adjust", actionData });
  return (
    <StaffForm
      form={form}
      intent="commission-adjust"
      className="mt-4 flex flex-col gap-3 border-t border-stone-200 pt-4"
      aria-label="Add an adjustment"
    >
      <h3 className="font-semibold">Add an adjustment</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          field={fields.amount}
          label="Amount (dollars)"
          hint="Negative to take money back, like -150. Approved at once; the next payout settles it."
          inputMode="decimal"
        />
        <FormTextArea
          field={fields.note}
          label="Reason"
          rows={2}
          maxLength={MAX_COMMISSION_NOTE_LENGTH}
        />
      </div>
      <div>
        <SubmitButton formId={form.id} variant="secondary" pendingLabel="Adding…">
          Add adjustment
        </SubmitButton>
      </div>
    </StaffForm>
  );
}
