import { useId } from "react";
import { shortDate } from "~/modules/platform/calendar-day";

/**
 * Clicks and leads over a period as two rows of bars we draw ourselves (no chart library):
 * each row an SVG whose title and description give screen readers the totals and the best
 * day, with every number in a table anyone can open below. Labels are HTML beside the
 * drawing, so they stay readable when the bars stretch to a phone's width.
 */

export interface ActivityPoint {
  /** The bucket's first day, "2026-11-23". */
  start: string;
  clicks: number;
  leads: number;
}

/** Width of one bar's slot in the drawing's own units; the drawing is 100 high. */
const SLOT = 10;
const HEIGHT = 100;

export function ActivityChart({
  series,
  granularity,
  from,
  to,
}: {
  series: ActivityPoint[];
  granularity: "day" | "week";
  from: string;
  to: string;
}) {
  const per = granularity === "day" ? "per day" : "per week";
  const span = `${shortDate(from)} to ${shortDate(to)}`;
  return (
    <figure>
      <div className="grid gap-6">
        <SeriesBars
          name="Clicks"
          unit={["click", "clicks"]}
          per={per}
          span={span}
          granularity={granularity}
          series={series}
          pick={(point) => point.clicks}
          barClassName="fill-ink"
        />
        <SeriesBars
          name="Leads"
          unit={["lead", "leads"]}
          per={per}
          span={span}
          granularity={granularity}
          series={series}
          pick={(point) => point.leads}
          barClassName="fill-brass"
        />
      </div>
      <figcaption className="mt-4 text-xs text-muted">
        {granularity === "day" ? "Each bar is a day." : "Each bar is a week, Monday to Sunday."}{" "}
        {span}, New York time.
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">Show the numbers</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full max-w-md text-left tabular-nums">
            <caption className="sr-only">Clicks and leads {per}</caption>
            <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {granularity === "day" ? "Day" : "Week of"}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Clicks
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {series.map((point) => (
                <tr key={point.start}>
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    {shortDate(point.start)}
                  </th>
                  <td className="py-1.5 pr-4 text-right">{point.clicks}</td>
                  <td className="py-1.5 text-right">{point.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function SeriesBars({
  name,
  unit,
  per,
  span,
  granularity,
  series,
  pick,
  barClassName,
}: {
  name: string;
  unit: [string, string];
  per: string;
  span: string;
  granularity: "day" | "week";
  series: ActivityPoint[];
  pick: (point: ActivityPoint) => number;
  barClassName: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const values = series.map(pick);
  const total = values.reduce((sum, value) => sum + value, 0);
  const most = Math.max(0, ...values);
  const best = series[values.indexOf(most)];
  const count = (n: number) => `${n} ${n === 1 ? unit[0] : unit[1]}`;
  const when = (day: string) =>
    granularity === "day" ? `on ${shortDate(day)}` : `in the week of ${shortDate(day)}`;
  const description =
    total === 0 || !best
      ? `No ${unit[1]} in this period.`
      : `${count(total)} in all; the most, ${most}, ${when(best.start)}.`;
  const width = Math.max(1, series.length) * SLOT;
  // Narrow slots (a year of weeks, 90 days) get thinner gaps, so bars stay visible.
  const gap = series.length > 60 ? 1 : 2;

  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between gap-3 text-sm">
        <p>
          <span className="font-semibold">{name}</span>{" "}
          <span className="text-muted">
            {per}: {total} in all
          </span>
        </p>
        <p aria-hidden="true" className="text-xs text-muted tabular-nums">
          Most: {most}
        </p>
      </div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-24 w-full overflow-visible"
      >
        <title id={titleId}>{`${name} ${per}, ${span}`}</title>
        <desc id={descriptionId}>{description}</desc>
        <rect x={0} y={0} width={width} height={0.5} className="fill-stone-200" />
        <rect x={0} y={HEIGHT - 0.5} width={width} height={0.5} className="fill-stone-300" />
        {values.map((value, index) => {
          if (value === 0) return null;
          // A single visit still shows as a bar, not a hairline.
          const height = Math.max(3, (value / most) * (HEIGHT - 2));
          const point = series[index]!;
          return (
            <rect
              key={point.start}
              x={index * SLOT + gap / 2}
              y={HEIGHT - height}
              width={SLOT - gap}
              height={height}
              className={barClassName}
            >
              <title>{`${shortDate(point.start)}: ${count(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
        <span>{series[0] ? shortDate(series[0].start) : ""}</span>
        <span>{series.at(-1) ? shortDate(series.at(-1)!.start) : ""}</span>
      </div>
    </div>
  );
}
