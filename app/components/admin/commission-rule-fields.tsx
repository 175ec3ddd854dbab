import type { FieldMetadata } from "@conform-to/react";
import { FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import {
  COMMISSION_COMBINATION_LABELS,
  type RuleFieldNames,
} from "~/modules/affiliates/commission-rule.schema";
import { COMMISSION_COMBINATIONS } from "~/modules/affiliates/commission-rules";

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const COMBINATION_OPTIONS = COMMISSION_COMBINATIONS.map((value) => ({
  value,
  label: COMMISSION_COMBINATION_LABELS[value],
}));

/**
 * A commission rule's fields (docs/REQUIREMENTS.md D8), the same in the settings' default
 * rule and an affiliate's own: `names` says what the form calls each.
 */
export function CommissionRuleFields({
  fields,
  names,
}: {
  fields: Record<string, Field>;
  names: RuleFieldNames;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        field={fields[names.flat]!}
        label="Flat amount per won job (dollars)"
        hint="Leave empty for a percentage alone."
        inputMode="decimal"
      />
      <FormTextField
        field={fields[names.percent]!}
        label="Percentage of the job's value"
        hint="Like 5 or 12.5. Leave empty for a flat amount alone."
        inputMode="decimal"
      />
      <FormTextField
        field={fields[names.cap]!}
        label="Cap on the percentage (dollars)"
        hint="The most the percentage may come to. Leave empty for no cap."
        inputMode="decimal"
      />
      <FormSelect
        field={fields[names.combination]!}
        label="When both are set"
        placeholder="Choose how they combine"
        options={COMBINATION_OPTIONS}
      />
      <FormTextField
        field={fields[names.minJobValue]!}
        label="Minimum job value (dollars)"
        hint="A smaller job earns nothing. Leave empty for no minimum."
        inputMode="decimal"
      />
    </div>
  );
}
