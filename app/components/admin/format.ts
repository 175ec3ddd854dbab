import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";

/** Dates as staff read them: "Nov 22, 2026, 6:40 PM" in the company's time zone. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "-";
  return new Date(value).toLocaleString("en-US", {
    timeZone: COMPANY_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/** The day of a moment, as staff read it: "Nov 22, 2026" in the company's time zone. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "-";
  return new Date(value).toLocaleDateString("en-US", {
    timeZone: COMPANY_TIME_ZONE,
    dateStyle: "medium",
  });
}

/** Cents as dollars: 1250000 -> "$12,500.00". */
export const formatCents = (cents: number | null | undefined): string =>
  cents === null || cents === undefined
    ? "-"
    : (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** A calendar day ("2026-01-12") as staff read it: "Jan 12, 2026", whatever the time zone. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "-";
  return new Date(`${day.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    dateStyle: "medium",
  });
}

/** A share (0 to 1) as a percentage: 0.25 -> "25%", 1/3 -> "33.3%"; "—" when there is none. */
export const formatShare = (share: number | null | undefined): string =>
  share === null || share === undefined
    ? "—"
    : share.toLocaleString("en-US", { style: "percent", maximumFractionDigits: 1 });
