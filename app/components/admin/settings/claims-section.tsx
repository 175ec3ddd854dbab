import { FormTextField } from "~/components/admin/staff-form";
import { claimsSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** Figures the site states about the company. */
export function ClaimsSection(props: SectionProps) {
  const [form, fields] = useSectionForm("claims", claimsSchema, props);
  return (
    <SettingsSectionForm
      section="claims"
      form={form}
      description="Figures the site states about the company (also in its search-engine data)."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField field={fields.ratingValue} label="Rating (1 to 5)" inputMode="decimal" />
        <FormTextField field={fields.ratingCount} label="Number of ratings" inputMode="numeric" />
        <FormTextField
          field={fields.projectsCount}
          label="Projects completed"
          inputMode="numeric"
        />
        <FormTextField field={fields.foundedYear} label="Year founded" inputMode="numeric" />
        <FormTextField field={fields.priceRange} label="Price range" hint="$ to $$$$" />
        <FormTextField
          field={fields.serviceRadiusMeters}
          label="Service area radius (meters)"
          hint="300000 is about 186 miles."
          inputMode="numeric"
        />
        <FormTextField
          field={fields.serviceAreaLatitude}
          label="Service area centre: latitude"
          inputMode="decimal"
        />
        <FormTextField
          field={fields.serviceAreaLongitude}
          label="Service area centre: longitude"
          inputMode="decimal"
        />
      </div>
    </SettingsSectionForm>
  );
}
