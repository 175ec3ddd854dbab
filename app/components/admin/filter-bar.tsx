import { useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** A filter bar: a GET form, so filters live in the URL and work without JavaScript. */
export function FilterBar({ children, resetTo }: { children: React.ReactNode; resetTo: string }) {
  return (
    <Form
      method="get"
      role="search"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      {children}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          <Icon name="funnel" className="size-4" />
          Apply
        </Button>
        <Link to={resetTo} className={buttonClasses("ghost")}>
          Reset
        </Link>
      </div>
    </Form>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink hover:border-ink/40";

export function FilterField({
  label,
  children,
}: {
  label: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The ARIA attributes that tie a filter's control to its message, when it has one. */
export function filterErrorProps(id: string, message: string | undefined) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** Why a filter's value was not applied, under its control. */
export function FilterError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-xs font-medium text-danger">
      {message}
    </p>
  );
}

/** A text, search or date filter with its label and, when its value was refused, why. */
export function FilterInput({
  label,
  name,
  value,
  error,
  type = "text",
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  type?: "text" | "search" | "date";
  maxLength?: number;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <>
          <input
            id={id}
            type={type}
            name={name}
            defaultValue={value}
            maxLength={maxLength}
            className={inputClass}
            {...filterErrorProps(id, error)}
          />
          <FilterError id={id} message={error} />
        </>
      )}
    </FilterField>
  );
}

/** A menu filter: "any" first (when given), then the options. */
export function FilterSelect({
  label,
  name,
  value,
  error,
  anyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  anyLabel?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <>
          <select
            id={id}
            name={name}
            defaultValue={value}
            className={inputClass}
            {...filterErrorProps(id, error)}
          >
            {anyLabel !== undefined && <option value="">{anyLabel}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FilterError id={id} message={error} />
        </>
      )}
    </FilterField>
  );
}
