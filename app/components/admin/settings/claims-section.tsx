import { claimsSchema } from "~/modules/settings/settings.schema";
import { FieldGridSection, type GridField } from "./field-grid";
import type { SectionProps } from "./settings-section";

const CLAIMS_FIELDS: readonly GridField<keyof typeof claimsSchema.shape>[] = [
  { name: "ratingValue", label: "Rating (1 to 5)", inputMode: "decimal" },
  { name: "ratingCount", label: "Number of ratings", inputMode: "numeric" },
  { name: "projectsCount", label: "Projects completed", inputMode: "numeric" },
  { name: "foundedYear", label: "Year founded", inputMode: "numeric" },
  { name: "priceRange", label: "Price range", hint: "$ to $$$$" },
  {
    name: "serviceRadiusMeters",
    label: "Service area radius (meters)",
    hint: "300000 is about 186 miles.",
    inputMode: "numeric",
  },
  { name: "serviceAreaLatitude", label: "Service area centre: latitude", inputMode: "decimal" },
  { name: "serviceAreaLongitude", label: "Service area centre: longitude", inputMode: "decimal" },
];

/** Figures the site states about the company. */
export function ClaimsSection(props: SectionProps) {
  return (
    <FieldGridSection
      section="claims"
      schema={claimsSchema}
      list={CLAIMS_FIELDS}
      description="Figures the site states about the company (also in its search-engine data). Leave a figure blank and the site makes no such claim."
      {...props}
    />
  );
}
