import type { FormMetadata } from "@conform-to/react";
import { Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import type { CompanySettings } from "~/db/schema";
import {
  SECTION_FIELDS,
  SECTION_LABELS,
  type SettingsSection,
} from "~/modules/settings/settings.schema";

/** What every section of the settings screen is given: the stored profile and the answer. */
export interface SectionProps {
  company: CompanySettings;
  actionData: unknown;
}

/** The id of a section's form: the section's own name is its anchor on the page. */
const sectionFormId = (section: SettingsSection) => `${section}-form`;

/**
 * A section's Conform form, checked with its schema, starting from the stored values of
 * its fields (or `defaultValue` where the form shows them differently).
 */
export function useSectionForm<Schema extends Parameters<typeof useStaffForm>[0]>(
  section: SettingsSection,
  schema: Schema,
  { company, actionData }: SectionProps,
  defaultValue: Record<string, unknown> = formValues(company, SECTION_FIELDS[section]),
) {
  return useStaffForm(schema, { id: sectionFormId(section), actionData, defaultValue });
}

/** The stored values of `fields` as a form shows them: text, and "on" for a ticked box. */
function formValues(company: CompanySettings, fields: readonly string[]) {
  return Object.fromEntries(
    fields.map((field) => {
      const value = company[field as keyof CompanySettings];
      if (typeof value === "boolean") return [field, value ? "on" : undefined];
      return [field, value === null || value === undefined ? "" : String(value)];
    }),
  );
}

/**
 * One section of the settings screen: its panel (with an anchor for the page's menu) and
 * its form, which sends the section's fields alone, under `intent` = the section.
 */
export function SettingsSectionForm({
  section,
  form,
  description,
  children,
}: {
  section: SettingsSection;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any section's metadata
  form: FormMetadata<any, string[]>;
  description?: string;
  children: React.ReactNode;
}) {
  const failed = Object.keys(form.allErrors).length > 0;
  return (
    <div id={section} className="scroll-mt-6">
      <Panel title={SECTION_LABELS[section]}>
        {description && <p className="-mt-2 mb-4 text-sm text-muted">{description}</p>}
        <StaffForm form={form} intent={section}>
          {failed && (
            <p role="alert" className="mb-4 text-sm font-medium text-danger">
              Not saved: correct the fields marked below.
            </p>
          )}
          {children}
          <div className="mt-5 flex justify-end">
            <SubmitButton formId={form.id} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </div>
        </StaffForm>
      </Panel>
    </div>
  );
}
