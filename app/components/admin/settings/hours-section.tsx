import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/admin/staff-form";
import { FormTextField } from "~/components/admin/staff-form-fields";
import { WEEKDAYS, type OpeningHoursEntry } from "~/db/schema/settings";
import { HOURS_ROWS, hoursSchema } from "~/modules/settings/settings.schema";
import { SettingsSectionForm, useSectionForm, type SectionProps } from "./settings-section";

/** The opening hours as rows of days sharing the same hours; empty rows are dropped. */
export function HoursSection(props: SectionProps) {
  const rows = Array.from(
    { length: HOURS_ROWS },
    (_, index) => props.company.openingHours[index] ?? { days: [], opens: "", closes: "" },
  );
  const [form, fields] = useSectionForm("hours", hoursSchema, props, { openingHours: rows });
  return (
    <SettingsSectionForm
      section="hours"
      form={form}
      description="Each row is a set of days with the same hours. Leave a row empty to drop it."
    >
      <div className="flex flex-col gap-3">
        <FieldError id={fields.openingHours.id} message={fields.openingHours.errors?.[0]} />
        {fields.openingHours.getFieldList().map((row, index) => (
          <HoursRowFields key={row.key} index={index} row={row} />
        ))}
      </div>
    </SettingsSectionForm>
  );
}

/** A ticked day arrives as a single value or as a list. */
const daysOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

function HoursRowFields({
  index,
  row,
}: {
  index: number;
  row: FieldMetadata<OpeningHoursEntry, Record<string, unknown>, string[]>;
}) {
  const { days, opens, closes } = row.getFieldset();
  const daysError = days.errors?.[0];
  const ticked = daysOf(days.initialValue);
  return (
    <fieldset className="rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold">Row {index + 1}</legend>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <div
            key={days.key}
            role="group"
            aria-label={`Days of row ${index + 1}`}
            aria-describedby={daysError ? `${days.id}-error` : undefined}
            className="flex flex-wrap gap-x-3 gap-y-2"
          >
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex min-h-11 items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  name={days.name}
                  value={day}
                  defaultChecked={ticked.includes(day)}
                  aria-invalid={daysError ? true : undefined}
                  className="size-4 accent-brass"
                />
                <span aria-hidden="true">{day.slice(0, 3)}</span>
                <span className="sr-only">{day}</span>
              </label>
            ))}
          </div>
          <FieldError id={days.id} message={daysError} />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:w-72">
          <FormTextField field={opens} type="time" label="Opens" />
          <FormTextField field={closes} type="time" label="Closes" />
        </div>
      </div>
    </fieldset>
  );
}
