import { profileSchema } from "~/modules/settings/settings.schema";
import { FieldGridSection, type GridField } from "./field-grid";
import type { SectionProps } from "./settings-section";

const PROFILE_FIELDS: readonly GridField<keyof typeof profileSchema.shape>[] = [
  { name: "name", label: "Company name", wide: true },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "email", label: "E-mail", type: "email" },
  { name: "streetAddress", label: "Street address", wide: true },
  { name: "addressLocality", label: "City or town" },
  { name: "addressRegion", label: "State" },
  { name: "postalCode", label: "ZIP code" },
  { name: "addressCountry", label: "Country code", hint: "Two letters, like US.", maxLength: 2 },
  { name: "latitude", label: "Latitude", inputMode: "decimal" },
  { name: "longitude", label: "Longitude", inputMode: "decimal" },
];

/** Name, phone, e-mail and address: shown across the public site and its search data. */
export function ProfileSection(props: SectionProps) {
  return (
    <FieldGridSection section="profile" schema={profileSchema} list={PROFILE_FIELDS} {...props} />
  );
}
