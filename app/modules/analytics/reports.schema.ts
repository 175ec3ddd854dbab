import { z } from "~/modules/platform/zod";

/**
 * The analytics screen's question, as its GET form and the CSV links send it: a period (a
 * preset or custom days, calendar days in the company's time zone, both included) and
 * which touch the closed-loop tables credit. Shared by the screen and the export.
 */

export const PERIOD_PRESETS = [
  "last7",
  "last30",
  "last90",
  "thisMonth",
  "lastMonth",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  last7: "Last 7 days",
  last30: "Last 30 days",
  last90: "Last 90 days",
  thisMonth: "This month",
  lastMonth: "Last month",
  custom: "Custom dates",
};

export const TOUCH_MODELS = ["first", "last"] as const;
export type TouchModel = (typeof TOUCH_MODELS)[number];
export const TOUCH_LABELS: Record<TouchModel, string> = {
  first: "First touch",
  last: "Last touch",
};

/** The longest custom period: two years of days. */
export const MAX_PERIOD_DAYS = 731;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = "Enter a date as YYYY-MM-DD";

const calendarDay = z
  .string()
  .regex(DAY, DAY_MESSAGE)
  .refine((day) => {
    const date = new Date(`${day}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "Enter a date that exists")
  // Years the site can have seen, with room for the day after and the period before.
  .refine((day) => day >= "2000-01-01" && day <= "2999-12-31", "Enter a date from 2000 to 2999")
  .optional();

export const analyticsQuerySchema = z
  .object({
    period: z.enum(PERIOD_PRESETS, { error: "Choose a period from the list" }).default("last30"),
    from: calendarDay,
    to: calendarDay,
    touch: z.enum(TOUCH_MODELS, { error: "Choose first or last touch" }).default("first"),
  })
  .superRefine((query, context) => {
    if (query.period !== "custom") return;
    if (!query.from)
      context.addIssue({ code: "custom", path: ["from"], message: "Enter a start date" });
    if (!query.to) context.addIssue({ code: "custom", path: ["to"], message: "Enter an end date" });
    if (!query.from || !query.to) return;
    if (query.from > query.to) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must be on or after the start date",
      });
    } else if (daysBetween(query.from, query.to) + 1 > MAX_PERIOD_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `Choose at most ${MAX_PERIOD_DAYS} days`,
      });
    }
  });

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
const QUERY_KEYS = ["period", "from", "to", "touch"] as const;
type QueryKey = (typeof QUERY_KEYS)[number];

export const DEFAULT_ANALYTICS_QUERY: AnalyticsQuery = { period: "last30", touch: "first" };

export interface ParsedAnalyticsQuery {
  query: AnalyticsQuery;
  /** Why a field was refused (the default period is shown instead). */
  errors: Partial<Record<QueryKey, string>>;
  /** What was typed, to correct it in place. */
  typed: Record<QueryKey, string>;
}

/** `?period=&from=&to=&touch=`; empty fields take their defaults. */
export function parseAnalyticsQuery(params: URLSearchParams): ParsedAnalyticsQuery {
  const typed = Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key) ?? ""])) as Record<
    QueryKey,
    string
  >;
  const input = Object.fromEntries(
    QUERY_KEYS.map((key) => [key, typed[key] || undefined]),
  ) as Partial<Record<QueryKey, string>>;
  const parsed = analyticsQuerySchema.safeParse(input);
  if (parsed.success) {
    const { period, touch, from, to } = parsed.data;
    // Dates only belong to a custom period; presets ignore them.
    const query: AnalyticsQuery =
      period === "custom" ? { period, touch, from, to } : { period, touch };
    return { query, errors: {}, typed };
  }
  const errors: ParsedAnalyticsQuery["errors"] = {};
  for (const issue of parsed.error.issues) {
    const key = QUERY_KEYS.find((name) => name === issue.path[0]);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  const touch = analyticsQuerySchema.shape.touch.safeParse(input.touch);
  return {
    query: { ...DEFAULT_ANALYTICS_QUERY, touch: touch.success ? touch.data : "first" },
    errors,
    typed,
  };
}

/** The query string of a query (defaults left out), for links and the CSV export. */
export function analyticsQueryString(query: AnalyticsQuery, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (query.period !== DEFAULT_ANALYTICS_QUERY.period) params.set("period", query.period);
  if (query.period === "custom") {
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  if (query.touch !== DEFAULT_ANALYTICS_QUERY.touch) params.set("touch", query.touch);
  const text = params.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------------------------------
// Calendar days, as "YYYY-MM-DD" strings (no time zone involved: the server says which
// day today is in the company's time zone).

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return asDay(date);
}

export const daysBetween = (from: string, to: string): number =>
  Math.round((asDate(to).getTime() - asDate(from).getTime()) / 86_400_000);

/** The same day `months` months earlier, or the month's last day when it has fewer. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  first.setUTCDate(Math.min(date, lastDay.getUTCDate()));
  return asDay(first);
}

/** Calendar days, both included. */
export interface DaySpan {
  from: string;
  to: string;
}

/** Every day of a span, in order. */
export function daysOf(span: DaySpan): string[] {
  const days: string[] = [];
  for (let day = span.from; day <= span.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The days a query covers, given today (company time): "last 7 days" is today and the six
 * before; "this month" runs from its first day to today.
 */
export function periodDays(query: AnalyticsQuery, today: string): DaySpan {
  switch (query.period) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last90":
      return { from: addDays(today, -89), to: today };
    case "thisMonth":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "lastMonth": {
      const lastOfPrevious = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
    case "custom":
      if (query.from && query.to) return { from: query.from, to: query.to };
      return { from: addDays(today, -29), to: today };
    case "last30":
    default:
      return { from: addDays(today, -29), to: today };
  }
}

/** The span of equal length that ends the day before `span` starts. */
export function previousSpan(span: DaySpan): DaySpan {
  const length = daysBetween(span.from, span.to) + 1;
  return { from: addDays(span.from, -length), to: addDays(span.from, -1) };
}

// ---------------------------------------------------------------------------------------
// Figures and their change.

/**
 * The change from the period before: a relative change for counts (0.25 = 25% more; none
 * when the period before had none), a difference in points for a share.
 */
export function relativeChange(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}

/** "+25%", "−10%", "0%"; "new" when there was nothing before and is something now. */
export function formatChange(current: number, previous: number): string {
  const change = relativeChange(current, previous);
  if (change === null) return current === 0 ? "No change" : "New";
  const percent = Math.round(change * 1000) / 10;
  if (percent === 0) return "No change";
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%`;
}

/** A share's change in percentage points: "+2.5 pts". */
export function formatPointChange(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return "No comparison";
  const points = Math.round((current - previous) * 1000) / 10;
  if (points === 0) return "No change";
  return `${points > 0 ? "+" : "−"}${Math.abs(points)} pts`;
}

// ---------------------------------------------------------------------------------------
// The tables the screen shows and exports.

export const ANALYTICS_TABLES = [
  "summary",
  "daily",
  "pages",
  "landing-pages",
  "referrers",
  "sources",
  "campaigns",
  "click-ids",
  "devices",
  "browsers",
  "events",
  "bots",
  "funnel",
  "closed-loop-sources",
  "closed-loop-campaigns",
  "closed-loop-landing-pages",
  "closed-loop-affiliates",
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

/** What a column holds, so the screen and the CSV each write it their way. */
export type AnalyticsCellKind = "text" | "day" | "count" | "share" | "cents";
export type AnalyticsCell = string | number | null;

/** One table of the report, as the screen draws it and the CSV writes it. */
export interface AnalyticsTableData {
  name: AnalyticsTable;
  title: string;
  caption: string;
  columns: { label: string; kind: AnalyticsCellKind }[];
  rows: AnalyticsCell[][];
  /** Shown under the table (what the figures leave out). */
  note?: string;
}

export const analyticsTableSchema = z.enum(ANALYTICS_TABLES, {
  error: "Choose a table the analytics screen shows",
});

/** The address of a table's CSV for a query. */
export const analyticsCsvHref = (table: AnalyticsTable, query: AnalyticsQuery): string =>
  `/admin/analytics/export.csv${analyticsQueryString(query, { table })}`;
