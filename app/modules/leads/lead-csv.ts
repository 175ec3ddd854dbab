import type { Lead } from "~/db/schema";
import { leadStatusLabel } from "./lead-status-labels";
import { formatPhone } from "./phone";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";

/**
 * The leads export (RFC 4180 CSV, CRLF line ends, UTF-8 with a byte-order mark so
 * spreadsheet programs read accented names correctly).
 */

/** Fixed columns: spreadsheets and imports built on the file rely on these headings. */
export const LEAD_CSV_HEADER = [
  "Created (New York time)",
  "Status",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Service",
  "Project type",
  "Source",
  "Referral / other source",
  "Affiliate code",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "Job value (USD)",
  "Lost reason",
] as const;

export type LeadCsvSource = Pick<
  Lead,
  | "createdAt"
  | "status"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "service"
  | "projectType"
  | "source"
  | "referralName"
  | "otherSource"
  | "affiliateCode"
  | "tracking"
  | "jobValueCents"
  | "lostReason"
>;

export const CSV_BOM = "\uFEFF";
const LINE_END = "\r\n";

/**
 * One cell: a value a spreadsheet would run as a formula (starting with = + - @, or a tab
 * or carriage return that some programs skip first) gets a leading single quote and is
 * quoted; so is anything with a quote, a comma or semicolon (spreadsheets set to split on
 * ";" read the same file), a line break or an edge space. A plain negative number
 * ("-100.00", a refund on a statement) is only a number, so it is written as it is.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text);
  const cell = formula ? `'${text}` : text;
  return formula || /[",;\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  cells.map(csvCell).join(",") + LINE_END;

/** Cents as a plain dollar figure spreadsheets read as a number: 1250050 -> "12500.50". */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const NEW_YORK_TIME = new Intl.DateTimeFormat("en-CA", {
  timeZone: COMPANY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-20 14:05" in the company's time zone: sorts as text, reads as a date. */
export function newYorkDateTime(value: Date): string {
  const parts = Object.fromEntries(
    NEW_YORK_TIME.formatToParts(value).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function leadCsvRow(lead: LeadCsvSource): string[] {
  return [
    newYorkDateTime(new Date(lead.createdAt)),
    leadStatusLabel(lead.status),
    lead.firstName,
    lead.lastName,
    lead.email,
    formatPhone(lead.phone),
    lead.service,
    lead.projectType ?? "",
    lead.source,
    lead.referralName ?? lead.otherSource ?? "",
    lead.affiliateCode ?? "",
    lead.tracking.utm_source ?? "",
    lead.tracking.utm_medium ?? "",
    lead.tracking.utm_campaign ?? "",
    centsToDollars(lead.jobValueCents),
    lead.lostReason ?? "",
  ];
}
