import { FormTextField } from "~/components/admin/staff-form";
import { profileSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** Name, phone, e-mail and address: shown across the public site and its search data. */
export function ProfileSection(props: SectionProps) {
  const [form, fields] = useSectionForm("profile", profileSchema, props);
  return (
    <SettingsSectionForm section="profile" form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField field={fields.name} label="Company name" className="sm:col-span-2" />
        <FormTextField field={fields.phone} type="tel" label="Phone" />
        <FormTextField field={fields.email} type="email" label="E-mail" />
        <FormTextField
          field={fields.streetAddress}
          label="Street address"
          className="sm:col-span-2"
        />
        <FormTextField field={fields.addressLocality} label="City or town" />
        <FormTextField field={fields.addressRegion} label="State" />
        <FormTextField field={fields.postalCode} label="ZIP code" />
        <FormTextField
          field={fields.addressCountry}
          label="Country code"
          hint="Two letters, like US."
          maxLength={2}
        />
        <FormTextField field={fields.latitude} label="Latitude" inputMode="decimal" />
        <FormTextField field={fields.longitude} label="Longitude" inputMode="decimal" />
      </div>
    </SettingsSectionForm>
  );
}
