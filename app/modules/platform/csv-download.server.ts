import { companyDay } from "./calendar-day";

/**
 * A CSV file for the browser to save as `<name>-<YYYY-MM-DD>.csv`, dated by the company's
 * calendar: never cached, and never read by the browser as anything but CSV.
 */
export function csvDownload(csv: string, name: string, now = new Date()): Response {
  const day = companyDay(now);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
