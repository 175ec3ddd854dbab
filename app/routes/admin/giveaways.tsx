import { Link } from "react-router";
import type { Route } from "./+types/giveaways";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatDateTime } from "~/components/admin/format";
import { ActionLink, EmptyState, PageHeader } from "~/components/admin/page";
import { giveawayPhase } from "~/modules/giveaways/giveaway-phase";
import { listGiveaways } from "~/modules/giveaways/giveaways.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";

/** /admin/giveaways: every giveaway, the latest first (docs/REQUIREMENTS.md R15.2). */

export const meta: Route.MetaFunction = () => [{ title: "Giveaways | Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { giveaways: await listGiveaways(db), now: new Date().toISOString() };
}

const PHASE_BADGES = {
  upcoming: { tone: "info", label: "Upcoming" },
  open: { tone: "success", label: "Running" },
  ended: { tone: "neutral", label: "Ended" },
} as const;

export default function Giveaways({ loaderData }: Route.ComponentProps) {
  const { giveaways, now } = loaderData;
  return (
    <>
      <PageHeader
        title="Giveaways"
        description="The giveaway on /giveaway: its dates, prize and official rules, the entries, and the draw."
        actions={
          <ActionLink to="/admin/giveaways/new" icon="sparkles" variant="primary">
            New giveaway
          </ActionLink>
        }
      />
      {giveaways.length === 0 ? (
        <EmptyState icon="sparkles" title="No giveaways yet">
          Create one: visitors can enter on /giveaway between its start and end.
        </EmptyState>
      ) : (
        <DataTable
          caption="Giveaways"
          columns={["Giveaway", "Runs (New York time)", "Entries", "Status"]}
        >
          {giveaways.map((giveaway) => {
            const phase = PHASE_BADGES[giveawayPhase(giveaway, new Date(now))];
            return (
              <tr key={giveaway.id}>
                <td className={cellClass}>
                  <Link
                    to={`/admin/giveaways/${giveaway.id}`}
                    className="font-semibold underline-offset-2 hover:underline"
                  >
                    {giveaway.title}
                  </Link>
                  <p className="text-muted">{giveaway.prize}</p>
                </td>
                <td className={cellClass}>
                  {formatDateTime(giveaway.startsAt)} to {formatDateTime(giveaway.endsAt)}
                </td>
                <td className={`${cellClass} tabular-nums`}>{giveaway.entries}</td>
                <td className={cellClass}>
                  <div className="flex flex-wrap gap-1.5">
                    <Badge tone={phase.tone}>{phase.label}</Badge>
                    {giveaway.drawn && <Badge tone="success">Winner drawn</Badge>}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </>
  );
}
