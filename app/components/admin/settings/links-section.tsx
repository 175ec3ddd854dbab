import { FormTextField } from "~/components/admin/staff-form";
import { linksSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

const LINK_LABELS = [
  ["financingUrl", "Financing (pre-approval) page"],
  ["paymentsUrl", "Payments page"],
  ["reviewUrl", "Review page"],
  ["facebookUrl", "Facebook"],
  ["instagramUrl", "Instagram"],
] as const;

/** The outside pages the site links to. */
export function LinksSection(props: SectionProps) {
  const [form, fields] = useSectionForm("links", linksSchema, props);
  return (
    <SettingsSectionForm section="links" form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        {LINK_LABELS.map(([field, label]) => (
          <FormTextField key={field} field={fields[field]} type="url" label={label} />
        ))}
      </div>
    </SettingsSectionForm>
  );
}
