import { Link } from "react-router";
import type { Route } from "./+types/qr-analytics";
import { formatCents, formatDay } from "~/components/admin/format";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { runtimeContext } from "~/modules/platform/context";
import { periodOf, QR_ANALYTICS_PERIODS } from "~/modules/qr/qr-analytics-periods";
import { qrAnalytics, type QrCodeFigures } from "~/modules/qr/qr-analytics.server";

export const meta: Route.MetaFunction = () => [{ title: "QR analytics | Staff area" }];

/** docs/REQUIREMENTS.md R15.4: per tracked code, scans, devices and leads; `?days=30|90`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const days = periodOf(new URL(request.url).searchParams.get("days"));
  return { days, codes: await qrAnalytics(db, days) };
}

export default function QrAnalytics({ loaderData }: Route.ComponentProps) {
  const { days, codes } = loaderData;
  return (
    <>
      <PageHeader
        title="QR analytics"
        description={`Scans of the tracked QR codes and the leads they brought, over the last ${days} days (New York time).`}
        actions={
          <nav aria-label="Period" className="flex gap-2">
            {QR_ANALYTICS_PERIODS.map((period) => (
              <Link
                key={period}
                to={`/qr-analytics?days=${period}`}
                aria-current={period === days ? "page" : undefined}
                className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
              >
                Last {period} days
              </Link>
            ))}
          </nav>
        }
      />
      {codes.length === 0 ? (
        <EmptyState icon="inbox" title="No tracked QR codes yet.">
          <Link to="/admin/qr-codes" className="underline">
            Add one on the QR codes screen
          </Link>
          .
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {codes.map((code) => (
            <CodeFigures key={code.id} code={code} />
          ))}
        </div>
      )}
    </>
  );
}

function CodeFigures({ code }: { code: QrCodeFigures }) {
  const figures: [string, string][] = [
    ["Scans", code.scans.toLocaleString("en-US")],
    ["Unique scans", code.uniqueScans.toLocaleString("en-US")],
    ["Leads", code.leads.toLocaleString("en-US")],
    ["Won jobs", code.wonJobs.toLocaleString("en-US")],
    ["Won value", formatCents(code.wonValueCents)],
  ];
  return (
    <Panel title={`${code.name} (/q/${code.slug})${code.enabled ? "" : ", switched off"}`}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid={`qr-figures-${code.slug}`}>
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-sans text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <DailyScans code={code} />
      <div className="mt-4 text-sm">
        <h3 className="font-sans text-sm font-semibold">Devices</h3>
        {code.devices.length === 0 ? (
          <p className="text-muted">No scans in this period.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            {code.devices.map((row) => (
              <li key={row.device}>
                <span className="capitalize">{row.device}</span>:{" "}
                <span className="tabular-nums">{row.scans.toLocaleString("en-US")}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

/** Scans per day as bars (a table for screen readers and exact numbers). */
function DailyScans({ code }: { code: QrCodeFigures }) {
  const most = Math.max(1, ...code.daily.map((day) => day.scans));
  return (
    <figure className="mt-4">
      <figcaption className="font-sans text-sm font-semibold">Scans per day</figcaption>
      <div aria-hidden="true" className="mt-2 flex h-24 items-end gap-px">
        {code.daily.map((day) => (
          <div
            key={day.day}
            title={`${formatDay(day.day)}: ${day.scans}`}
            className="flex-1 rounded-t-sm bg-brass"
            style={{ height: `${(day.scans / most) * 100}%`, minHeight: day.scans ? 2 : 0 }}
          />
        ))}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">Scans per day as a table</summary>
        <table className="mt-2 text-left">
          <caption className="sr-only">Scans per day of {code.name}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-6">
                Day
              </th>
              <th scope="col" className="pr-6">
                Scans
              </th>
              <th scope="col">Unique</th>
            </tr>
          </thead>
          <tbody>
            {code.daily
              .filter((day) => day.scans > 0)
              .map((day) => (
                <tr key={day.day}>
                  <td className="pr-6">{formatDay(day.day)}</td>
                  <td className="pr-6 tabular-nums">{day.scans}</td>
                  <td className="tabular-nums">{day.unique}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
