import { createContext, Fragment, use, useId } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SEARCH_MAX_LENGTH } from "~/modules/platform/list-query";

/**
 * What a list's loader read from the URL: each filter's value as typed, and why any was
 * refused.
 */
interface FilterState {
  values: Readonly<Partial<Record<string, string>>>;
  errors?: Readonly<Partial<Record<string, string>>>;
}

const FilterStateContext = createContext<FilterState>({ values: {} });

/**
 * What a list's loader hands its filter bar: each filter as typed (so a refused value can be
 * corrected in place), why any was refused, and whether the filters applied narrow the list.
 */
export function filterBarState(
  { typed, errors }: { typed: FilterState["values"]; errors: NonNullable<FilterState["errors"]> },
  applied: object,
) {
  return { values: typed, errors, filtered: Object.keys(applied).length > 0 };
}

/**
 * A filter bar: a GET form, so filters live in the URL and work without JavaScript. Given
 * the loader's `state`, its FilterInput and FilterSelect take their value and error by name.
 */
export function FilterBar({
  children,
  resetTo,
  state = { values: {} },
}: {
  children: React.ReactNode;
  resetTo: string;
  state?: FilterState;
}) {
  return (
    <FilterStateContext value={state}>
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
    </FilterStateContext>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink hover:border-ink/40";

/** A filter's label above its control and, when its value was refused, why below it. */
export function FilterField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      {children(id)}
      <FilterError id={id} message={error} />
    </div>
  );
}

/** The ARIA attributes that tie a filter's control to its message, when it has one. */
export function filterErrorProps(id: string, message: string | undefined) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** Why a filter's value was not applied, under its control. */
function FilterError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-xs font-medium text-danger">
      {message}
    </p>
  );
}

/** The props a filter can give explicitly; otherwise the filter bar's state has them. */
interface FilterProps {
  label: string;
  name: string;
  value?: string;
  error?: string;
}

/**
 * A filter's labelled control, handed the attributes every control shares: id, name, the
 * value as typed (given, or else the filter bar's for its name) and the error's ARIA ties.
 */
function FilterControl({
  label,
  name,
  value,
  error,
  children,
}: FilterProps & {
  children: (control: {
    id: string;
    name: string;
    defaultValue: string;
    className: string;
  }) => React.ReactNode;
}) {
  const state = use(FilterStateContext);
  const message = error ?? state.errors?.[name];
  const defaultValue = value ?? state.values[name] ?? "";
  return (
    <FilterField label={label} error={message}>
      {(id) => (
        // Keyed by the value, so Reset and the back button show the filter in force.
        <Fragment key={defaultValue}>
          {children({
            id,
            name,
            defaultValue,
            className: inputClass,
            ...filterErrorProps(id, message),
          })}
        </Fragment>
      )}
    </FilterField>
  );
}

/** A text, search or date filter with its label and, when its value was refused, why. */
export function FilterInput({
  type = "text",
  maxLength,
  placeholder,
  ...filter
}: FilterProps & {
  type?: "text" | "search" | "date";
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <FilterControl {...filter}>
      {(control) => (
        <input {...control} type={type} maxLength={maxLength} placeholder={placeholder} />
      )}
    </FilterControl>
  );
}

/** The list's free-text search, `q`. */
export function FilterSearch({ label, placeholder }: { label: string; placeholder?: string }) {
  return (
    <FilterInput
      label={label}
      type="search"
      name="q"
      maxLength={SEARCH_MAX_LENGTH}
      placeholder={placeholder}
    />
  );
}

/** A menu filter: "any" first (unless `anyLabel` is false), then the options. */
export function FilterSelect({
  anyLabel,
  options,
  ...filter
}: FilterProps & {
  /** The "any" option's label: "Any <label>" unless given; false for none. */
  anyLabel?: string | false;
  /** The choices; a plain string is both the value and its label. */
  options: readonly (string | { value: string | number; label: string })[];
}) {
  return (
    <FilterControl {...filter}>
      {(control) => (
        <select {...control}>
          {anyLabel !== false && (
            <option value="">{anyLabel ?? `Any ${filter.label.toLowerCase()}`}</option>
          )}
          {options.map((option) =>
            typeof option === "string" ? (
              <option key={option}>{option}</option>
            ) : (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ),
          )}
        </select>
      )}
    </FilterControl>
  );
}
