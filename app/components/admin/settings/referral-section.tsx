import { FormTextField } from "~/components/admin/staff-form-fields";
import { referralSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** The person a visitor can name under "How did you hear about us?". */
export function ReferralSection(props: SectionProps) {
  const [form, fields] = useSectionForm("referral", referralSchema, props);
  return (
    <SettingsSectionForm section="referral" form={form}>
      <FormTextField
        field={fields.referralByName}
        label="Person visitors can name"
        hint={`Offered under "How did you hear about us?" on the consultation form. Leave empty to hide the option.`}
      />
    </SettingsSectionForm>
  );
}
