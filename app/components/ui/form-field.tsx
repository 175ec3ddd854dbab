/**
 * Form building blocks: a label, the control, an optional hint and the error beside it,
 * tied together for assistive technology (aria-describedby, aria-invalid).
 */

const controlBase =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm transition-colors placeholder:text-muted focus-visible:outline-offset-0";
const controlState = (invalid: boolean) =>
  invalid ? "border-danger" : "border-stone-300 hover:border-ink/40";

const fieldIds = (id: string) => ({ hint: `${id}-hint`, error: `${id}-error` });

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = fieldIds(id);
  return [hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={fieldIds(id).error} className="mt-1.5 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function FieldLabel({ id, label, required }: Pick<FieldProps, "id" | "label" | "required">) {
  return (
    <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
      {label}
      {required && (
        <span aria-hidden="true" className="text-danger">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

/**
 * The frame every single-control field shares: label, the control (given the ARIA
 * attributes that tie it to the hint and the error), hint and error.
 */
function Field({
  id,
  label,
  error,
  hint,
  required,
  className = "",
  control,
}: FieldProps & { control: (aria: ControlAria) => React.ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      {control({
        id,
        "aria-required": required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, hint, error),
        className: `${controlBase} ${controlState(Boolean(error))}`,
      })}
      {hint && (
        <p id={fieldIds(id).hint} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

interface ControlAria {
  id: string;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/** Splits a field's own props (label, error…) from those of its control. */
function splitField<Props extends FieldProps>({
  id,
  label,
  error,
  hint,
  required,
  className,
  ...control
}: Props) {
  return [{ id, label, error, hint, required, className }, control] as const;
}

export function TextField(
  props: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">,
) {
  const [field, input] = splitField(props);
  return <Field {...field} control={(aria) => <input {...aria} {...input} />} />;
}

export function TextAreaField(
  props: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id">,
) {
  const [field, textarea] = splitField(props);
  return <Field {...field} control={(aria) => <textarea {...aria} {...textarea} />} />;
}

export function SelectField(
  props: FieldProps & {
    placeholder: string;
    options: readonly { value: string; label: string }[];
  } & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id">,
) {
  const [field, { placeholder, options, ...select }] = splitField(props);
  return (
    <Field
      {...field}
      control={(aria) => (
        <select {...aria} className={`${aria.className} appearance-auto`} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function RadioGroupField({
  id,
  label,
  error,
  required,
  className = "",
  name,
  value,
  options,
  onChange,
  onBlur,
}: FieldProps & {
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
}) {
  return (
    <fieldset
      id={id}
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldIds(id).error : undefined}
      className={className}
    >
      <legend className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border bg-white px-3.5 py-2 text-sm has-[:checked]:border-brass has-[:checked]:bg-brass-light/40 ${controlState(Boolean(error))}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
              className="size-4 accent-brass"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

export function CheckboxField({
  id,
  label,
  error,
  className = "",
  ...input
}: Omit<FieldProps, "required"> & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldIds(id).error : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brass"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-ink-soft">
          {label}
        </label>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A field people never see and form-filling bots do: filled in, it marks the sender as a bot. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
