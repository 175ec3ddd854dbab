import { z } from "~/modules/platform/zod";

/**
 * A statement's period as the portal's and the admin's GET forms send it: calendar days
 * (company time), both included, either one optional.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const calendarDay = z
  .string()
  .regex(DAY, "Enter a date as YYYY-MM-DD")
  .refine((day) => {
    const date = new Date(`${day}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "Enter a date that exists")
  .optional();

export const statementPeriodSchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((period) => !period.from || !period.to || period.from <= period.to, {
    message: "The end date must be on or after the start date",
    path: ["to"],
  });

export interface StatementPeriod {
  from?: string;
  to?: string;
}

export interface ParsedStatementPeriod {
  period: StatementPeriod;
  errors: Partial<Record<"from" | "to", string>>;
}

/** `?from=&to=`; an empty field is no bound. A field that cannot be read is reported. */
export function parseStatementPeriod(params: URLSearchParams): ParsedStatementPeriod {
  const raw = {
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  };
  const parsed = statementPeriodSchema.safeParse(raw);
  if (parsed.success) {
    const period: StatementPeriod = {};
    if (parsed.data.from) period.from = parsed.data.from;
    if (parsed.data.to) period.to = parsed.data.to;
    return { period, errors: {} };
  }
  const errors: ParsedStatementPeriod["errors"] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "from" || field === "to") && !errors[field]) errors[field] = issue.message;
  }
  return { period: {}, errors };
}
