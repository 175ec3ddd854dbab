import type { Route } from "./+types/audit";
import { cellClass, DataTable, NextPageLink } from "~/components/admin/data-table";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { EmailText } from "~/components/admin/email-text";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";
import { auditActions, auditPage, readAuditFilter } from "~/modules/audit/audit-log.server";
import {
  auditActionLabel,
  auditActionOption,
  auditDetailRows,
} from "~/modules/audit/audit-display";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const { action, before } = readAuditFilter(new URL(request.url).searchParams);
  const [page, actions] = await Promise.all([
    auditPage(db, { before, action: action || undefined }),
    auditActions(db),
  ]);
  return { ...page, actions, action, before: before ?? null };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { events, next, actions, action } = loaderData;
  const nextHref = next
    ? `/admin/audit?${new URLSearchParams({ ...(action ? { action } : {}), before: String(next) })}`
    : null;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what, when and from where: sign-ins, settings, leads, exports and accounts. Newest first."
      />
      <FilterBar resetTo="/admin/audit">
        <FilterSelect
          label="Action"
          name="action"
          value={action}
          anyLabel="Every action"
          options={[...new Set([...actions, ...(action ? [action] : [])])].map(auditActionOption)}
        />
      </FilterBar>

      {events.length === 0 ? (
        <EmptyState icon="scroll-text" title="Nothing recorded">
          {action ? "No events of this kind." : "Events appear here as staff use the site."}
        </EmptyState>
      ) : (
        <DataTable
          caption="Audit events, newest first"
          columns={["When", "Who", "What", "Details", "From"]}
        >
          {events.map((event) => (
            <tr key={event.id}>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(event.createdAt)}
              </td>
              <td className={cellClass}>
                {event.actorEmail ? <EmailText email={event.actorEmail} /> : "-"}
              </td>
              <td className={cellClass}>
                <span className="font-semibold">{auditActionLabel(event.action)}</span>
                {event.target && (
                  <span className="block font-mono text-xs text-muted">{event.target}</span>
                )}
              </td>
              <td className={cellClass}>
                <Details details={event.details} />
              </td>
              <td className={`${cellClass} whitespace-nowrap font-mono text-xs`}>
                {event.ipAddress ?? "-"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <NextPageLink href={nextHref} />
    </>
  );
}

/** Details as "name: value", changes as "field: old → new" (audit-display.ts). */
function Details({ details }: { details: Record<string, unknown> }) {
  const rows = auditDetailRows(details);
  if (rows.length === 0) return <span className="text-muted">-</span>;
  return (
    <dl className="relative max-w-md text-xs leading-5">
      {rows.map((row, index) => (
        <div key={`${index}:${row.key}`} className="flex gap-1.5">
          <dt className="shrink-0 font-semibold">{row.key}:</dt>
          {"value" in row ? (
            <dd className="min-w-0 break-words">{row.value}</dd>
          ) : (
            <dd className="min-w-0 break-words">
              <del className="text-muted">{row.from}</del> <span aria-hidden="true">→</span>
              <span className="sr-only">changed to</span>{" "}
              <ins className="no-underline">{row.to}</ins>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
