import type { FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import { FormTextField } from "~/components/admin/staff-form-fields";
import type { SettingsSection } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** One text field of a settings section, described as data. */
export interface GridField<Name extends string> {
  name: Name;
  label: string;
  hint?: string;
  type?: "text" | "tel" | "email" | "url";
  inputMode?: "decimal" | "numeric";
  maxLength?: number;
  placeholder?: string;
  /** Spans both columns (long values such as a name or a street). */
  wide?: boolean;
}

/**
 * A section's text fields in two columns, in the order listed: the sections differ in
 * their fields, not in how a field is drawn. Children (a checkbox, say) follow in the grid.
 */
export function FormFieldGrid<Name extends string>({
  fields,
  list,
  children,
}: {
  fields: Record<Name, FieldMetadata<unknown, Record<string, unknown>, string[]>>;
  list: readonly GridField<Name>[];
  children?: React.ReactNode;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {list.map(({ name, wide, ...input }) => (
        <FormTextField
          key={name}
          field={fields[name]}
          className={wide ? "sm:col-span-2" : undefined}
          {...input}
        />
      ))}
      {children}
    </div>
  );
}

/** A settings section that is text fields alone: its form, and the fields in a grid. */
export function FieldGridSection<Schema extends z.ZodObject>({
  section,
  schema,
  list,
  description,
  ...props
}: SectionProps & {
  section: SettingsSection;
  schema: Schema;
  list: readonly GridField<keyof z.output<Schema> & string>[];
  description?: string;
}) {
  const [form, fields] = useSectionForm(section, schema, props);
  return (
    <SettingsSectionForm section={section} form={form} description={description}>
      <FormFieldGrid fields={fields} list={list} />
    </SettingsSectionForm>
  );
}
