import { COMPANY_TIME_ZONE } from "./patterns";

/*
 * Dates as the public pages show them. The browser only formats calendar days the server
 * already worked out ("2026-11-23"), with a table of month names: creating the browser's
 * first Intl.DateTimeFormat loads its locale and time-zone data, tens of milliseconds on
 * a phone, in the middle of starting the page (docs/decisions/004-first-paint-before-scripts.md).
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(day: string) {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? { year: match[1]!, month, day: Number(match[3]) } : null;
}

/** "2026-11-23" as "November 23, 2026" (en-US's long date); anything else as given. */
export function longDate(day: string): string {
  const date = parts(day);
  return date ? `${date.month} ${date.day}, ${date.year}` : day;
}

/** "2026-11-23" as "Nov 23, 2026" (en-US's medium date), for tables; anything else as given. */
export function shortDate(day: string): string {
  const date = parts(day);
  return date ? `${date.month.slice(0, 3)} ${date.day}, ${date.year}` : day;
}

/** "2026-11-23" as "November 2026"; anything else as given. */
export function monthAndYear(day: string): string {
  const date = parts(day);
  return date ? `${date.month} ${date.year}` : day;
}

/** The company's calendar day (Boston) at `instant`, as "2026-11-23". For the server. */
export function companyDay(instant: Date): string {
  return instant.toLocaleDateString("en-CA", { timeZone: COMPANY_TIME_ZONE });
}
