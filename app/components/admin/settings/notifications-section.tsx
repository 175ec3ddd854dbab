import { FormTextArea } from "~/components/admin/staff-form-fields";
import { MAX_NOTIFICATION_EMAILS, notificationsSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** Who is e-mailed about each new lead. */
export function NotificationsSection(props: SectionProps) {
  const [form, fields] = useSectionForm("notifications", notificationsSchema, props, {
    notificationEmails: props.company.notificationEmails.join("\n"),
  });
  return (
    <SettingsSectionForm section="notifications" form={form}>
      <FormTextArea
        field={fields.notificationEmails}
        label="Addresses told of each new lead"
        rows={4}
        hint={`One per line, up to ${MAX_NOTIFICATION_EMAILS}. Leave empty to send no notifications.`}
      />
    </SettingsSectionForm>
  );
}
