import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { LeadLink } from "~/components/admin/lead-link";
import { EmptyState, PageHeader, Panel, StatCard } from "~/components/admin/page";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  getCommissionFigures,
  getDashboardFigures,
  type CommissionFigures,
  type CountByLabel,
  type DashboardFigures,
} from "~/modules/leads/dashboard.server";
import { leadStatusLabel, leadStatusTone } from "~/modules/leads/lead-status-labels";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";
import { canOpen } from "~/modules/staff/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Staff area" }];

/** Lead figures carry customers' names, so only those who may open the inbox see them. */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = context.get(runtimeContext);
  const [figures, money] = await Promise.all([
    canOpen(staff.role, "leads") ? getDashboardFigures(db) : null,
    // What affiliates are owed and paid is for admins alone (R6), like the programme's screens.
    canOpen(staff.role, "affiliates") ? getCommissionFigures(db) : null,
  ]);
  return { name: staff.name, figures, money };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, figures, money } = loaderData;
  if (!figures) {
    return (
      <>
        <PageHeader title="Dashboard" description={`Welcome, ${name}.`} />
        <Panel title="Your areas">
          <p className="text-sm text-muted">
            Lead figures are shown to admins. The areas your role may open are in the navigation;
            your sign-in settings are under{" "}
            <Link to="/admin/account" className="font-semibold text-ink underline">
              My account
            </Link>
            .
          </p>
        </Panel>
      </>
    );
  }

  const { newLeads, deliveries } = figures;
  const failing = deliveries.failed + deliveries.retrying;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome, ${name}. Days run midnight to midnight, New York time.`}
        actions={
          <ButtonLink to="/admin/leads" variant="secondary">
            <Icon name="inbox" className="size-4" />
            Open the inbox
          </ButtonLink>
        }
      />

      <section aria-labelledby="figures-heading" className="mb-6">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <StatCard label="New leads today" value={newLeads.today} />
          <StatCard label="Last 7 days" value={newLeads.last7Days} hint="Today and the 6 before" />
          <StatCard
            label="Last 30 days"
            value={newLeads.last30Days}
            hint="Today and the 29 before"
          />
          <StatCard
            label="Failing webhook deliveries"
            value={failing}
            hint={`${deliveries.failed} given up, ${deliveries.retrying} retrying`}
          />
          <StatCard
            label="Spam caught"
            value={figures.spamLast30Days}
            hint="Last 30 days, in the spam folder"
          />
        </div>
      </section>

      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <Panel title="Leads by source, last 30 days">
          <LeadsChart rows={figures.bySource} empty="No leads in the last 30 days." />
        </Panel>
        <Panel title="Leads by affiliate, last 30 days">
          <LeadsChart rows={figures.byAffiliate} empty="No referred leads in the last 30 days." />
          <p className="mt-3 text-sm text-muted">
            Without a referral code:{" "}
            <strong className="tabular-nums">{figures.withoutAffiliate}</strong>
          </p>
        </Panel>
      </div>

      {money && <CommissionFiguresSection money={money} />}

      {deliveries.latest.length > 0 && (
        <Panel title="Failing webhook deliveries" className="mb-6">
          <ul className="divide-y divide-stone-200 text-sm">
            {deliveries.latest.map((delivery) => (
              <FailingDeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        </Panel>
      )}

      <Panel
        title="Latest leads"
        actions={
          <Link to="/admin/leads" className="text-sm font-semibold text-ink underline">
            All leads
          </Link>
        }
      >
        {figures.latestLeads.length === 0 ? (
          <EmptyState title="No leads yet">
            Requests from the consultation form appear here as they come in.
          </EmptyState>
        ) : (
          <DataTable caption="The latest leads" columns={["Received", "Name", "Source", "Status"]}>
            {figures.latestLeads.map((lead) => (
              <tr key={lead.id}>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(lead.createdAt)}
                </td>
                <td className={cellClass}>
                  <LeadLink leadId={lead.id}>
                    {lead.firstName} {lead.lastName}
                  </LeadLink>
                </td>
                <td className={cellClass}>{lead.source}</td>
                <td className={cellClass}>
                  <Badge tone={leadStatusTone(lead.status)}>{leadStatusLabel(lead.status)}</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </>
  );
}

/** The affiliate programme's money: owed, in hold, paid this month, and its best partners. */
function CommissionFiguresSection({ money }: { money: CommissionFigures }) {
  const { payoutsThisMonth: paid } = money;
  return (
    <section aria-labelledby="commissions-heading" className="mb-6">
      <h2 id="commissions-heading" className="mb-3 font-sans text-lg font-semibold">
        Affiliate commissions
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid grid-cols-2 gap-3 self-start">
          <StatCard
            label="Commissions owed"
            value={formatCents(money.owedCents)}
            hint="Approved, adjustments included"
          />
          <StatCard
            label="Pending"
            value={formatCents(money.pendingCents)}
            hint={`${money.pendingCount} ${money.pendingCount === 1 ? "commission" : "commissions"} within their hold`}
          />
          <StatCard
            label="Payouts this month"
            value={formatCents(paid.cents)}
            hint={`${paid.count} ${paid.count === 1 ? "payout" : "payouts"} recorded, New York time`}
          />
        </div>
        <Panel title="Top affiliates by won job value">
          {money.topAffiliates.length === 0 ? (
            <p className="text-sm text-muted">No won jobs credited to an affiliate yet.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-stone-200 text-sm">
              {money.topAffiliates.map((affiliate) => (
                <li key={affiliate.id} className="flex items-baseline justify-between gap-3 py-2">
                  <Link
                    to={`/admin/affiliates/${affiliate.id}`}
                    className="font-semibold text-ink underline"
                  >
                    {affiliate.name}
                  </Link>
                  <span className="tabular-nums">
                    {formatCents(affiliate.wonJobValueCents)}{" "}
                    <span className="text-muted">
                      ({affiliate.wonCount} won {affiliate.wonCount === 1 ? "job" : "jobs"})
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </section>
  );
}

/**
 * Leads counted by a label (source, affiliate), as a horizontal bar chart in a list: each
 * bar's number is text beside it, and the bars themselves are hidden from assistive
 * technology.
 */
function LeadsChart({ rows, empty }: { rows: CountByLabel[]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul className="flex flex-col gap-2.5">
      {rows.map((row) => (
        <li
          key={row.label}
          className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[minmax(0,11rem)_1fr_auto]"
        >
          <span className="truncate" title={row.label}>
            {row.label}
          </span>
          <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-stone-100">
            <span
              className="block h-full rounded-full bg-brass"
              style={{ width: `${Math.max(2, (row.count / most) * 100)}%` }}
            />
          </span>
          <span className="text-right font-semibold tabular-nums">
            {row.count}
            <span className="sr-only"> {row.count === 1 ? "lead" : "leads"}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A webhook delivery that failed or is still being retried, with the lead it carries. */
function FailingDeliveryItem({
  delivery,
}: {
  delivery: DashboardFigures["deliveries"]["latest"][number];
}) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <LeadLink leadId={delivery.leadId}>{delivery.leadName}</LeadLink>
        <p className="text-muted">
          To {delivery.endpoint}, {delivery.attempts}{" "}
          {delivery.attempts === 1 ? "attempt" : "attempts"}, last{" "}
          {formatDateTime(delivery.lastAttemptAt)}
        </p>
        {delivery.lastError && <p className="break-words text-danger">{delivery.lastError}</p>}
      </div>
      <Badge tone={delivery.status === "failed" ? "danger" : "warning"}>
        {delivery.status === "failed" ? "Given up" : "Retrying"}
      </Badge>
    </li>
  );
}
