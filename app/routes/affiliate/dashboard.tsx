import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ActivityChart } from "~/components/affiliate/activity-chart";
import {
  FigureCard,
  portalMeta,
  PortalPageHeader,
  PortalPanel,
  Rate,
} from "~/components/affiliate/portal-blocks";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import {
  parsePortalPeriod,
  PORTAL_PERIOD_OPTIONS,
  portalDashboard,
  type PortalDashboard,
} from "~/modules/affiliates/portal.server";
import { formatUsd } from "~/modules/affiliates/statement-format";
import { portalEarnings, type PortalEarnings } from "~/modules/affiliates/statement.server";
import { shortDate } from "~/modules/platform/calendar-day";
import { runtimeContext } from "~/modules/platform/context";

export const meta: Route.MetaFunction = () => portalMeta("Dashboard");

/** The signed-in affiliate's own figures for the period in `?period=` (30 days unless given). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { db } = context.get(runtimeContext);
  const period = parsePortalPeriod(new URL(request.url).searchParams);
  const [figures, earnings] = await Promise.all([
    portalDashboard(db, affiliate.id, period),
    portalEarnings(db, affiliate.id),
  ]);
  return {
    name: affiliate.name,
    figures,
    earnings,
    periods: PORTAL_PERIOD_OPTIONS,
  };
}

const periodHref = (value: string) =>
  value === "30" ? "/affiliate/dashboard" : `/affiliate/dashboard?period=${value}`;

export default function PortalDashboardPage({ loaderData }: Route.ComponentProps) {
  const { name, figures, earnings, periods } = loaderData;
  const current = periods.find((option) => option.value === `${figures.period}`);
  return (
    <>
      <PortalPageHeader title="Dashboard">
        <p>
          Welcome, {name}. Your clicks and leads from {shortDate(figures.from)} to{" "}
          {shortDate(figures.to)}; days run midnight to midnight, New York time.
        </p>
      </PortalPageHeader>

      <nav aria-label="Period" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {periods.map((option) => {
            const selected = option === current;
            return (
              <li key={option.value}>
                <Link
                  to={periodHref(option.value)}
                  preventScrollReset
                  aria-current={selected ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                    selected
                      ? "border-ink bg-ink text-white"
                      : "border-stone-300 bg-white text-ink hover:border-ink/40"
                  }`}
                >
                  {option.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Earnings earnings={earnings} />

      <Figures figures={figures} periodLabel={current?.label ?? ""} />

      {figures.clicks === 0 && (
        <p className="mb-6 text-sm text-muted">
          No clicks in this period yet. Share your referral link from{" "}
          <Link to="/affiliate/links" className="font-semibold text-ink underline">
            Links
          </Link>{" "}
          and every visit through it shows here.
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PortalPanel title="Clicks and leads over time">
          <ActivityChart
            series={figures.series}
            granularity={figures.granularity}
            from={figures.from}
            to={figures.to}
          />
        </PortalPanel>
        <PortalPanel
          title="Leads by status"
          description="Where the leads of this period stand now."
        >
          <StatusList rows={figures.byStatus} total={figures.leads} />
          <p className="mt-4 text-sm">
            <Link to="/affiliate/leads" className="font-semibold text-ink underline">
              See your leads
            </Link>
          </p>
        </PortalPanel>
      </div>
    </>
  );
}

/**
 * What the affiliate has earned to date, whatever the period: pending, owed now, paid, and
 * when what is owed will be paid (once it reaches the company's minimum payout).
 */
function Earnings({ earnings }: { earnings: PortalEarnings }) {
  const nextPayout =
    earnings.approvedCents <= 0
      ? "Nothing is owed yet"
      : earnings.reachesMinimum
        ? "Paid with the next payout run"
        : `Paid once it reaches ${formatUsd(earnings.minimumPayoutCents)}`;
  return (
    <section aria-labelledby="earnings-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="earnings-heading" className="font-sans text-lg font-semibold">
          Earnings
        </h2>
        <p className="flex gap-4 text-sm">
          <Link to="/affiliate/payouts" className="font-semibold text-ink underline">
            Payouts
          </Link>
          <Link to="/affiliate/statement" className="font-semibold text-ink underline">
            Statement
          </Link>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <FigureCard
          label="Pending"
          value={formatUsd(earnings.pendingCents)}
          hint="Commissions still in their hold"
        />
        <FigureCard
          label="Approved"
          value={formatUsd(earnings.approvedCents)}
          hint="Owed to you now"
        />
        <FigureCard label="Paid" value={formatUsd(earnings.paidCents)} hint="Payouts made to you" />
        <FigureCard
          label="Next payout"
          value={formatUsd(earnings.approvedCents)}
          hint={nextPayout}
        />
      </dl>
    </section>
  );
}

/** The period's figures: a list of cards. */
function Figures({ figures, periodLabel }: { figures: PortalDashboard; periodLabel: string }) {
  return (
    <section aria-labelledby="figures-heading" className="mb-6">
      <h2 id="figures-heading" className="sr-only">
        Figures, {periodLabel}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <FigureCard label="Clicks" value={figures.clicks} hint="Visits through your links" />
        <FigureCard
          label="Leads"
          value={figures.leads}
          hint="Consultation requests credited to you"
        />
        <FigureCard label="Won" value={figures.won} hint="Of these leads, now customers" />
        <FigureCard
          label="Leads per click"
          value={
            <Rate value={figures.leadsPerClick} missing="None yet: no clicks in this period" />
          }
          hint="Leads divided by clicks"
        />
        <FigureCard
          label="Won per lead"
          value={<Rate value={figures.wonPerLead} missing="None yet: no leads in this period" />}
          hint="Won leads divided by leads"
        />
      </dl>
    </section>
  );
}

function StatusList({ rows, total }: { rows: PortalDashboard["byStatus"]; total: number }) {
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul className="flex flex-col gap-2.5">
      {rows.map((row) => (
        <li
          key={row.status}
          className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm"
        >
          <span>{row.label}</span>
          <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-stone-100">
            {row.count > 0 && (
              <span
                className="block h-full rounded-full bg-brass"
                style={{ width: `${Math.max(4, (row.count / most) * 100)}%` }}
              />
            )}
          </span>
          <span className="text-right font-semibold tabular-nums">
            {row.count}
            <span className="sr-only">
              {" "}
              of {total} {total === 1 ? "lead" : "leads"}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
