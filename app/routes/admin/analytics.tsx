import { lazy, Suspense, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/analytics";
import { FilterBar, FilterInput, FilterSelect } from "~/components/admin/filter-bar";
import { formatCents, formatDay, formatShare } from "~/components/admin/format";
import { PageHeader, Panel, StatCard } from "~/components/admin/page";
import { Icon } from "~/components/ui/icon";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { analyticsTables } from "~/modules/analytics/reports-tables.server";
import {
  analyticsCsvHref,
  analyticsQueryString,
  parseAnalyticsQuery,
  formatChange,
  formatPointChange,
  PERIOD_LABELS,
  PERIOD_PRESETS,
  TOUCH_LABELS,
  TOUCH_MODELS,
  type AnalyticsCell,
  type AnalyticsCellKind,
  type AnalyticsQuery,
  type AnalyticsTable,
  type AnalyticsTableData,
} from "~/modules/analytics/reports.schema";
import { analyticsReport } from "~/modules/analytics/reports.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";

// recharts loads with the first chart this screen draws, never with another screen.
const DailyChart = lazy(() =>
  import("~/components/charts/analytics-charts.client").then((charts) => ({
    default: charts.DailyChart,
  })),
);
const FunnelChart = lazy(() =>
  import("~/components/charts/analytics-charts.client").then((charts) => ({
    default: charts.FunnelChart,
  })),
);

export const meta: Route.MetaFunction = () => [{ title: "Analytics | Staff area" }];

/** Admins only (the guard's permission table: the "analytics" area). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const { query, errors, typed } = parseAnalyticsQuery(new URL(request.url).searchParams);
  const report = await analyticsReport(db, query);
  return {
    query,
    errors,
    typed,
    period: report.period,
    previousPeriod: report.previousPeriod,
    dailyThrough: report.sources.daily?.to ?? null,
    retentionMonths: report.retentionMonths,
    figures: report.figures,
    previousFigures: report.previousFigures,
    bots: report.bots,
    previousBots: report.previousBots,
    series: report.series.map(({ day, visitors, pageViews }) => ({ day, visitors, pageViews })),
    funnel: report.funnel,
    tables: analyticsTables(report),
  };
}

const noSubscription = () => () => {};

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { query, errors, typed, period, previousPeriod, tables } = loaderData;
  // Charts are drawn in the browser only; the tables carry the same figures without it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const table = (name: AnalyticsTable) => tables.find((entry) => entry.name === name)!;
  const { figures: now, previousFigures: before, bots, previousBots, funnel } = loaderData;

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Visits to the site and what became of them, bots left out. Days run midnight to midnight, New York time."
      />

      <FilterBar resetTo="/admin/analytics" state={{ values: typed, errors }}>
        <FilterSelect
          label="Period"
          name="period"
          anyLabel={false}
          value={query.period}
          options={PERIOD_PRESETS.map((preset) => ({
            value: preset,
            label: PERIOD_LABELS[preset],
          }))}
        />
        <FilterInput label="From (custom dates)" name="from" type="date" />
        <FilterInput label="To (custom dates)" name="to" type="date" />
        <FilterSelect
          label="Credit leads to"
          name="touch"
          anyLabel={false}
          value={query.touch}
          options={TOUCH_MODELS.map((model) => ({ value: model, label: TOUCH_LABELS[model] }))}
        />
      </FilterBar>

      <p className="mb-6 text-sm text-muted">
        {formatDay(period.from)} to {formatDay(period.to)}, compared with{" "}
        {formatDay(previousPeriod.from)} to {formatDay(previousPeriod.to)}.
        {loaderData.dailyThrough && (
          <>
            {" "}
            Days up to {formatDay(loaderData.dailyThrough)} are older than{" "}
            {loaderData.retentionMonths} months and come from daily totals: visitors and sessions
            there are added up per day and page, and bounce rate, landing pages and click ids leave
            them out.
          </>
        )}
      </p>

      <section aria-labelledby="figures-heading" className="mb-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="figures-heading" className="font-sans text-lg font-semibold">
            Figures
          </h2>
          <CsvLink table={table("summary")} query={query} />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <StatCard
            label="Visitors"
            value={now.visitors.toLocaleString("en-US")}
            hint={countHint(now.visitors, before.visitors)}
          />
          <StatCard
            label="Sessions"
            value={now.sessions.toLocaleString("en-US")}
            hint={countHint(now.sessions, before.sessions)}
          />
          <StatCard
            label="Page views"
            value={now.pageViews.toLocaleString("en-US")}
            hint={countHint(now.pageViews, before.pageViews)}
          />
          <StatCard
            label="Bounce rate"
            value={formatShare(now.bounceRate)}
            hint={`${formatPointChange(now.bounceRate, before.bounceRate)} (before: ${formatShare(before.bounceRate)})`}
          />
          <StatCard
            label="Bots"
            value={bots.events.toLocaleString("en-US")}
            hint={`Bot events from ${bots.visitors} bot ${bots.visitors === 1 ? "visitor" : "visitors"}, kept out of every other figure. ${countHint(bots.events, previousBots.events)}`}
          />
        </div>
      </section>

      <div className="mb-6 grid gap-4 xl:grid-cols-2">
        <Panel
          title="Visitors and page views by day"
          actions={<CsvLink table={table("daily")} query={query} />}
        >
          {hydrated && (
            <Suspense fallback={<div className="h-72" />}>
              <DailyChart series={loaderData.series} />
            </Suspense>
          )}
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold">
              The daily figures as a table
            </summary>
            <div className="mt-3">
              <ReportTable table={table("daily")} />
            </div>
          </details>
        </Panel>
        <Panel title="Funnel" actions={<CsvLink table={table("funnel")} query={query} />}>
          {hydrated && (
            <Suspense fallback={<div className="h-64" />}>
              <FunnelChart
                steps={[
                  { label: "Visitors", count: funnel.visitors },
                  { label: "Started the form", count: funnel.formStarts },
                  { label: "Leads", count: funnel.leads },
                  { label: "Appointment set", count: funnel.appointments },
                  { label: "Won", count: funnel.won },
                ]}
              />
            </Suspense>
          )}
          <div className="mt-3">
            <ReportTable table={table("funnel")} />
          </div>
        </Panel>
      </div>

      <section aria-labelledby="traffic-heading" className="mb-6">
        <h2 id="traffic-heading" className="mb-3 font-sans text-lg font-semibold">
          Traffic
        </h2>
        <div className="grid gap-4 xl:grid-cols-2">
          {(
            [
              "pages",
              "landing-pages",
              "sources",
              "referrers",
              "campaigns",
              "click-ids",
              "devices",
              "browsers",
              "events",
              "bots",
            ] as const
          ).map((name) => (
            <TablePanel key={name} table={table(name)} query={query} />
          ))}
        </div>
      </section>

      <section aria-labelledby="closed-loop-heading" className="mb-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="closed-loop-heading" className="font-sans text-lg font-semibold">
            Leads and won jobs by {TOUCH_LABELS[query.touch].toLowerCase()}
          </h2>
          <nav aria-label="Credit leads to" className="flex gap-3 text-sm">
            {TOUCH_MODELS.map((model) => (
              <Link
                key={model}
                to={`/admin/analytics${analyticsQueryString({ ...query, touch: model })}`}
                aria-current={model === query.touch ? "true" : undefined}
                className={
                  model === query.touch
                    ? "font-semibold text-ink underline decoration-2"
                    : "text-ink underline"
                }
              >
                {TOUCH_LABELS[model]}
              </Link>
            ))}
          </nav>
        </div>
        <p className="mb-3 text-sm text-muted">
          Leads created in the period, credited to where their{" "}
          {query.touch === "first" ? "first" : "latest"} visit came from (utm_source, else the
          referring site, else direct), with the jobs won and their value.
        </p>
        <div className="grid gap-4 xl:grid-cols-2">
          {(
            [
              "closed-loop-sources",
              "closed-loop-campaigns",
              "closed-loop-landing-pages",
              "closed-loop-affiliates",
            ] as const
          ).map((name) => (
            <TablePanel key={name} table={table(name)} query={query} />
          ))}
        </div>
      </section>
    </>
  );
}

/** "+25% on the period before (12)"; "None in the period before". */
function countHint(current: number, previous: number): string {
  if (previous === 0) return "None in the period before";
  return `${formatChange(current, previous)} on the period before (${previous.toLocaleString("en-US")})`;
}

function TablePanel({ table, query }: { table: AnalyticsTableData; query: AnalyticsQuery }) {
  return (
    <Panel title={table.title} actions={<CsvLink table={table} query={query} />}>
      <ReportTable table={table} />
    </Panel>
  );
}

/** A table's CSV: a file download, so a plain link. */
function CsvLink({ table, query }: { table: AnalyticsTableData; query: AnalyticsQuery }) {
  return (
    <a
      href={analyticsCsvHref(table.name, query)}
      download
      className="inline-flex items-center gap-1 text-sm font-semibold text-ink underline"
    >
      <Icon name="download" className="size-4" />
      Download CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
    </a>
  );
}

/**
 * A table of the report with its caption. Narrower than the staff lists' DataTable (no
 * minimum width), so two fit side by side without scrolling.
 */
function ReportTable({ table }: { table: AnalyticsTableData }) {
  return (
    <>
      <ScrollRegion label={table.caption} className="rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{table.caption}</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-muted">
            <tr>
              {table.columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${column.kind === "text" ? "" : "text-right"}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {table.rows.length === 0 ? (
              <tr>
                <td className="px-3 py-2 text-muted" colSpan={table.columns.length}>
                  Nothing in this period.
                </td>
              </tr>
            ) : (
              table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => {
                    const kind = table.columns[column]!.kind;
                    return (
                      <td
                        key={column}
                        className={`px-3 py-2 align-top ${
                          kind === "text"
                            ? "break-all"
                            : "whitespace-nowrap text-right tabular-nums"
                        }`}
                      >
                        {formatCell(value, kind)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {table.note && <p className="mt-2 text-xs text-muted">{table.note}</p>}
    </>
  );
}

function formatCell(value: AnalyticsCell, kind: AnalyticsCellKind): string {
  if (value === null) return "—";
  switch (kind) {
    case "count":
      return typeof value === "number" ? value.toLocaleString("en-US") : value;
    case "share":
      return formatShare(Number(value));
    case "cents":
      return formatCents(Number(value));
    case "day":
      return formatDay(String(value));
    default:
      return String(value);
  }
}
