import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/**
 * The analytics screen's charts, drawn with recharts. Loaded on first use by that screen
 * alone (React.lazy), in a chunk of their own that no other screen and no public page
 * loads (vite.config.ts, docs/decisions/007-script-budget.md); a `.client` module, so the
 * server's bundle never carries recharts. The same figures are in a
 * table beside each chart, so the drawing itself is hidden from assistive technology.
 */

const INK = "#1c2529";
const BRASS = "#8a6530";
const SAGE = "#4f6b5d";
const GRID = "#e8e1d5";

/** "2026-11-20" as "Nov 20". */
const dayLabel = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  return date.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
};

export interface DailyPoint {
  day: string;
  visitors: number;
  pageViews: number;
}

export function DailyChart({ series }: { series: DailyPoint[] }) {
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart
          accessibilityLayer={false}
          data={series}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
          <XAxis
            dataKey="day"
            tickFormatter={dayLabel}
            stroke={INK}
            fontSize={12}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} stroke={INK} fontSize={12} width={48} />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Legend />
          <Area
            type="monotone"
            dataKey="pageViews"
            name="Page views"
            stroke={BRASS}
            fill={BRASS}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="visitors"
            name="Visitors"
            stroke={SAGE}
            fill={SAGE}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface FunnelStep {
  label: string;
  count: number;
}

export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={steps}
          layout="vertical"
          margin={{ top: 0, right: 24, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} stroke={INK} fontSize={12} />
          <YAxis type="category" dataKey="label" stroke={INK} fontSize={12} width={120} />
          <Tooltip />
          <Bar dataKey="count" name="Count" fill={BRASS} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
