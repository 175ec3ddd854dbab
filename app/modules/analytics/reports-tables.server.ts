import type { Database } from "~/db/client.server";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { CSV_BOM, centsToDollars, csvLine } from "~/modules/leads/lead-csv";
import { shortDate } from "~/modules/platform/calendar-day";
import {
  analyticsReport,
  EXPORT_ROWS,
  type AnalyticsReport,
  type BreakdownRow,
  type ClosedLoopRow,
} from "./reports.server";
import {
  TOUCH_LABELS,
  type AnalyticsCell,
  type AnalyticsQuery,
  type AnalyticsTable,
  type AnalyticsTableData,
} from "./reports.schema";

/**
 * The report's tables, once for the screen and the CSV export: each with its title,
 * caption, typed columns and rows.
 */

const periodWords = (report: AnalyticsReport) =>
  `${shortDate(report.period.from)} to ${shortDate(report.period.to)}`;

const DAILY_NOTE =
  "Days older than the retention period come from daily totals: their visitors and sessions are added up per day and page, so one visitor may count more than once.";

function breakdownTable(
  report: AnalyticsReport,
  name: AnalyticsTable,
  title: string,
  first: string,
  count: string,
  rows: BreakdownRow[],
): AnalyticsTableData {
  return {
    name,
    title,
    caption: `${title}, ${periodWords(report)}`,
    columns: [
      { label: first, kind: "text" },
      { label: count, kind: "count" },
      { label: "Visitors", kind: "count" },
      ...(count === "Sessions" ? [] : [{ label: "Sessions", kind: "count" as const }]),
    ],
    rows: rows.map((row) => [
      row.label,
      row.count,
      row.visitors,
      ...(count === "Sessions" ? [] : [row.sessions]),
    ]),
    ...(report.sources.daily ? { note: DAILY_NOTE } : {}),
  };
}

function closedLoopTable(
  report: AnalyticsReport,
  name: AnalyticsTable,
  title: string,
  first: string,
  rows: ClosedLoopRow[],
): AnalyticsTableData {
  const touch = TOUCH_LABELS[report.closedLoop.touch].toLowerCase();
  return {
    name,
    title,
    caption: `${title} (${touch}), leads created ${periodWords(report)}`,
    columns: [
      { label: first, kind: "text" },
      { label: "Leads", kind: "count" },
      { label: "Won jobs", kind: "count" },
      { label: "Won job value", kind: "cents" },
    ],
    rows: rows.map((row) => [row.label, row.leads, row.won, row.wonValueCents]),
  };
}

/** Every table of the report, in the screen's order. */
export function analyticsTables(report: AnalyticsReport): AnalyticsTableData[] {
  const { figures: now, previousFigures: before, bots, previousBots } = report;
  const rawOnly = report.sources.daily
    ? "Only the days still kept in full count here (not the daily totals of older days)."
    : undefined;
  const previous = `${shortDate(report.previousPeriod.from)} to ${shortDate(report.previousPeriod.to)}`;
  const { closedLoop: loop, funnel } = report;
  return [
    {
      name: "summary",
      title: "Figures",
      caption: `Figures, ${periodWords(report)}, and the period before (${previous})`,
      columns: [
        { label: "Figure", kind: "text" },
        { label: "This period", kind: "count" },
        { label: "Period before", kind: "count" },
      ],
      rows: [
        ["Visitors", now.visitors, before.visitors],
        ["Sessions", now.sessions, before.sessions],
        ["Page views", now.pageViews, before.pageViews],
        ["Bounce rate", shareText(now.bounceRate), shareText(before.bounceRate)],
      ],
    },
    {
      name: "daily",
      title: "Visitors and page views by day",
      caption: `Visitors, sessions and page views per day, ${periodWords(report)}`,
      columns: [
        { label: "Day", kind: "day" },
        { label: "Visitors", kind: "count" },
        { label: "Sessions", kind: "count" },
        { label: "Page views", kind: "count" },
      ],
      rows: report.series.map((day) => [day.day, day.visitors, day.sessions, day.pageViews]),
      ...(report.sources.daily ? { note: DAILY_NOTE } : {}),
    },
    {
      name: "funnel",
      title: "Funnel",
      caption: `From visit to won job, ${periodWords(report)}`,
      columns: [
        { label: "Step", kind: "text" },
        { label: "Count", kind: "count" },
      ],
      rows: [
        ["Visitors", funnel.visitors],
        ["Started the form", funnel.formStarts],
        ["Leads", funnel.leads],
        ["Appointment set", funnel.appointments],
        ["Won", funnel.won],
      ],
      note: "Visitors and form starts are people, counted by their visitor id; leads are those created in the period, with the furthest step each reached.",
    },
    breakdownTable(report, "pages", "Top pages", "Page", "Page views", report.pages),
    {
      name: "landing-pages",
      title: "Landing pages",
      caption: `The first page of each session, ${periodWords(report)}`,
      columns: [
        { label: "Landing page", kind: "text" },
        { label: "Sessions", kind: "count" },
        { label: "Visitors", kind: "count" },
        { label: "Bounce rate", kind: "share" },
      ],
      rows: report.landingPages.map((row) => [
        row.label,
        row.sessions,
        row.visitors,
        row.bounceRate,
      ]),
      ...(rawOnly ? { note: rawOnly } : {}),
    },
    breakdownTable(report, "sources", "Sources", "Source", "Sessions", report.trafficSources),
    breakdownTable(
      report,
      "referrers",
      "Referrers",
      "Referring site",
      "Page views",
      report.referrers,
    ),
    breakdownTable(report, "campaigns", "Campaigns", "utm_campaign", "Sessions", report.campaigns),
    {
      name: "click-ids",
      title: "Ad click ids",
      caption: `Page views and sessions that arrived with an ad click id, ${periodWords(report)}`,
      columns: [
        { label: "Click id", kind: "text" },
        { label: "Page views", kind: "count" },
        { label: "Sessions", kind: "count" },
      ],
      rows: report.clickIds.map((row) => [row.label, row.pageViews, row.sessions]),
      ...(rawOnly ? { note: rawOnly } : {}),
    },
    breakdownTable(report, "devices", "Devices", "Device", "Page views", report.devices),
    breakdownTable(report, "browsers", "Browsers", "Browser", "Page views", report.browsers),
    breakdownTable(report, "events", "Events", "Event", "Events", report.events),
    {
      name: "bots",
      title: "Bots",
      caption: `Bots, ${periodWords(report)}, and the period before (${previous})`,
      columns: [
        { label: "Figure", kind: "text" },
        { label: "This period", kind: "count" },
        { label: "Period before", kind: "count" },
      ],
      rows: [
        ["Bot events", bots.events, previousBots.events],
        ["Bot page views", bots.pageViews, previousBots.pageViews],
        ["Bot visitors", bots.visitors, previousBots.visitors],
      ],
      note: "Bots are counted here only, never in the other figures.",
    },
    closedLoopTable(report, "closed-loop-sources", "Leads by source", "Source", loop.bySource),
    closedLoopTable(
      report,
      "closed-loop-campaigns",
      "Leads by campaign",
      "Campaign",
      loop.byCampaign,
    ),
    closedLoopTable(
      report,
      "closed-loop-landing-pages",
      "Leads by landing page",
      "Landing page",
      loop.byLandingPage,
    ),
    closedLoopTable(
      report,
      "closed-loop-affiliates",
      "Leads by affiliate",
      "Affiliate",
      loop.byAffiliate,
    ),
  ];
}

/** A share as a percentage with one decimal, for the CSV's figures. */
const percent = (share: number) => Math.round(share * 1000) / 10;
const shareText = (share: number | null) => (share === null ? null : `${percent(share)}%`);

function csvCellValue(value: AnalyticsCell, kind: AnalyticsTableData["columns"][number]["kind"]) {
  if (value === null) return "";
  if (kind === "cents") return centsToDollars(Number(value));
  if (kind === "share") return String(percent(Number(value)));
  return value;
}

const csvHeading = (column: AnalyticsTableData["columns"][number]) =>
  column.kind === "cents"
    ? `${column.label} (USD)`
    : column.kind === "share"
      ? `${column.label} (%)`
      : column.label;

/** One table as CSV (every row, not only the screen's top ones). */
export function analyticsTableCsv(table: AnalyticsTableData): string {
  let csv = CSV_BOM + csvLine(table.columns.map(csvHeading));
  for (const row of table.rows) {
    csv += csvLine(row.map((value, index) => csvCellValue(value, table.columns[index]!.kind)));
  }
  return csv;
}

/** The CSV of one table for a query, and its audit entry (the table and the period). */
export async function exportAnalyticsTable(
  db: Database,
  actor: Actor,
  query: AnalyticsQuery,
  name: AnalyticsTable,
  now = new Date(),
): Promise<{ csv: string; rows: number }> {
  const report = await analyticsReport(db, query, { now, limit: EXPORT_ROWS });
  const table = analyticsTables(report).find((entry) => entry.name === name)!;
  await recordAudit(db, actor, {
    action: "analytics.export",
    target: "analytics",
    details: { table: name, period: report.period, touch: query.touch, rows: table.rows.length },
  });
  return { csv: analyticsTableCsv(table), rows: table.rows.length };
}
