import { FormCheckbox } from "~/components/admin/staff-form";
import { securitySchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** The site's bot protection and the staff area's authenticator rule. */
export function SecuritySection(props: SectionProps) {
  const [form, fields] = useSectionForm("security", securitySchema, props);
  return (
    <SettingsSectionForm section="security" form={form}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <FormCheckbox
            field={fields.botProtection}
            noteId="bot-protection-note"
            label="Bot protection: turn away visitors the bot check is confident are automated (search engines are always let in)."
          />
          <p id="bot-protection-note" className="ml-8 text-sm font-medium text-brass-dark">
            Not active yet: the bot check is not part of this version, so this switch is stored but
            turns nobody away.
          </p>
        </div>
        <FormCheckbox
          field={fields.requireStaffTwoFactor}
          label="Require an authenticator for all staff: members without one must set it up before using the staff area."
        />
      </div>
    </SettingsSectionForm>
  );
}
