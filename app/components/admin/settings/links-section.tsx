import { linksSchema } from "~/modules/settings/settings.schema";
import { FieldGridSection } from "./field-grid";
import type { SectionProps } from "./settings-section";

/** Every link is a URL: only the field and its label differ. */
const LINK_FIELDS = (
  [
    ["financingUrl", "Financing (pre-approval) page"],
    ["paymentsUrl", "Payments page"],
    ["reviewUrl", "Review page"],
    ["facebookUrl", "Facebook"],
    ["instagramUrl", "Instagram"],
  ] as const
).map(([name, label]) => ({ name, label, type: "url" as const }));

/** The outside pages the site links to. */
export function LinksSection(props: SectionProps) {
  return <FieldGridSection section="links" schema={linksSchema} list={LINK_FIELDS} {...props} />;
}
