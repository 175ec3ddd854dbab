import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-field";

/**
 * The fields of a staff form (see staff-form.tsx): the controls of `ui/form-field`, bound
 * to a Conform field so that they start from the kept value and show the field's error.
 */

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** What every field takes from Conform: id, name, kept value, error, required. */
function fieldProps(field: Field) {
  return {
    id: field.id,
    name: field.name,
    error: field.errors?.[0],
    required: field.required,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The props a control's field wrapper fills in from Conform (the caller never does). */
type FromConform = "id" | "name" | "error" | "required" | "defaultValue";

/**
 * A field of `ui/form-field` bound to a Conform field: it starts from the kept value and
 * shows the field's error. Keyed by the field, so a form reset starts it afresh.
 */
function conformField<Props extends { id: string }>(Control: (props: Props) => React.ReactNode) {
  return function ConformField({ field, ...control }: { field: Field } & Omit<Props, FromConform>) {
    const props = { ...fieldProps(field), defaultValue: text(field.initialValue), ...control };
    return <Control key={field.key} {...(props as unknown as Props)} />;
  };
}

export const FormTextField = conformField(TextField);
export const FormTextArea = conformField(TextAreaField);
export const FormSelect = conformField(SelectField);

/**
 * A password. `purpose` tells password managers whether to fill in the saved one
 * ("current") or to offer a new one ("new").
 */
export function FormPasswordField({
  field,
  purpose,
  ...rest
}: {
  field: Field;
  label: string;
  purpose: "current" | "new";
  hint?: string;
}) {
  return (
    <FormTextField field={field} type="password" autoComplete={`${purpose}-password`} {...rest} />
  );
}

/** Choosing a password: typed twice, so a slip of the finger is caught before it is saved. */
export function NewPasswordFields({
  fields,
  hint,
}: {
  /** The form's fields, whose schema names the two `password` and `confirmPassword`. */
  fields: { password: Field; confirmPassword: Field };
  hint: string;
}) {
  return (
    <>
      <FormPasswordField field={fields.password} purpose="new" label="New password" hint={hint} />
      <FormPasswordField field={fields.confirmPassword} purpose="new" label="New password again" />
    </>
  );
}

/** The six-digit code of an authenticator app, offered by the phone's one-time-code fill. */
export function FormCodeField(props: { field: Field; label: string; hint?: string }) {
  return <FormTextField inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

export function FormCheckbox({
  field,
  label,
  className,
  note,
}: {
  field: Field;
  label: React.ReactNode;
  className?: string;
  /** A note under the checkbox (what the switch does or does not do yet), read with it. */
  note?: React.ReactNode;
}) {
  const error = field.errors?.[0];
  const noteId = `${field.id}-note`;
  const describedBy = [error ? `${field.id}-error` : "", note ? noteId : ""]
    .filter(Boolean)
    .join(" ");
  const checkbox = (
    <CheckboxField
      key={field.key}
      id={field.id}
      name={field.name}
      label={label}
      error={error}
      className={className}
      defaultChecked={field.initialValue === "on"}
      aria-describedby={describedBy || undefined}
    />
  );
  if (!note) return checkbox;
  return (
    <div className="flex flex-col gap-1">
      {checkbox}
      <p id={noteId} className="ml-8 text-sm font-medium text-brass-dark">
        {note}
      </p>
    </div>
  );
}
