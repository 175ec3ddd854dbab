import { CommissionRuleFields } from "~/components/admin/commission-rule-fields";
import { formatCents } from "~/components/admin/format";
import { FormTextField } from "~/components/admin/staff-form-fields";
import { centsAsDollarsText, ruleFormValues } from "~/modules/affiliates/commission-rule.schema";
import { describeRule, type CommissionRule } from "~/modules/affiliates/commission-rules";
import { COMMISSIONS_RULE_NAMES, commissionsSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/**
 * The affiliate programme's default commission rule, the hold before a commission can be
 * paid, and the smallest payout (docs/REQUIREMENTS.md D8). Stored in cents, typed in dollars.
 */
export function CommissionsSection(props: SectionProps) {
  const { company } = props;
  const rule: CommissionRule = {
    flatCents: company.commissionFlatCents,
    percentBasisPoints: company.commissionPercentBasisPoints,
    percentCapCents: company.commissionPercentCapCents,
    combination: company.commissionCombination,
    minJobValueCents: company.commissionMinJobValueCents,
  };
  const [form, fields] = useSectionForm("commissions", commissionsSchema, props, {
    ...ruleFormValues(rule, COMMISSIONS_RULE_NAMES),
    commissionHoldDays: String(company.commissionHoldDays),
    minimumPayoutCents: centsAsDollarsText(company.minimumPayoutCents),
  });
  return (
    <SettingsSectionForm
      section="commissions"
      form={form}
      description="What a won job referred by an affiliate earns, unless the affiliate has a rule of their own. A change applies to jobs won afterwards; earlier commissions keep their terms."
    >
      <p className="mb-4 rounded-lg bg-stone-100 px-3 py-2 text-sm" data-testid="default-rule">
        <span className="font-semibold">Now: </span>
        {describeRule(rule)}; paid {company.commissionHoldDays}{" "}
        {company.commissionHoldDays === 1 ? "day" : "days"} after the job is won, in payouts of{" "}
        {formatCents(company.minimumPayoutCents)} or more.
      </p>
      <CommissionRuleFields fields={fields} names={COMMISSIONS_RULE_NAMES} />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormTextField
          field={fields.commissionHoldDays}
          label="Hold period (days)"
          hint="Days after a job is won before its commission can be paid (0 to 365)."
          inputMode="numeric"
        />
        <FormTextField
          field={fields.minimumPayoutCents}
          label="Minimum payout (dollars)"
          hint="An affiliate is paid once they are owed at least this much."
          inputMode="decimal"
        />
      </div>
    </SettingsSectionForm>
  );
}
