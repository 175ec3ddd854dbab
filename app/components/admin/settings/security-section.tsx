import { FormCheckbox, FormTextField } from "~/components/admin/staff-form-fields";
import { securitySchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** The site's bot protection, the staff area's authenticator rule and analytics retention. */
export function SecuritySection(props: SectionProps) {
  const [form, fields] = useSectionForm("security", securitySchema, props);
  return (
    <SettingsSectionForm section="security" form={form}>
      <div className="flex flex-col gap-4">
        <FormCheckbox
          field={fields.botProtection}
          label="Bot protection: turn away visitors the bot check is confident are automated (search engines are always let in)."
          note="Not active yet: the bot check is not part of this version, so this switch is stored but turns nobody away."
        />
        <FormCheckbox
          field={fields.requireStaffTwoFactor}
          label="Require an authenticator for all staff: members without one must set it up before using the staff area."
        />
        <div className="max-w-xs">
          <FormTextField
            field={fields.analyticsRetentionMonths}
            label="Keep analytics events (months)"
            hint="Older events are kept only as daily totals (1 to 120)."
            inputMode="numeric"
          />
        </div>
      </div>
    </SettingsSectionForm>
  );
}
