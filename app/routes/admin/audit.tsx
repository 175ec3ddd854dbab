import type { Route } from "./+types/audit";
import { cellClass, DataTable, NextPageLink } from "~/components/admin/data-table";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { EmailText } from "~/components/admin/email-text";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";
import { auditActions, auditPage, readAuditFilter } from "~/modules/audit/audit-log.server";

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

/** What each action means, in words; unknown actions show their code. */
const ACTION_LABELS: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  account_locked: "Account locked",
  "settings.update": "Settings changed",
  "settings.webhook.create": "Webhook endpoint added",
  "settings.webhook.enable": "Webhook endpoint enabled",
  "settings.webhook.disable": "Webhook endpoint disabled",
  "settings.webhook.delete": "Webhook endpoint deleted",
  "settings.webhook.test": "Webhook test delivery",
  "lead.status": "Lead status changed",
  "lead.note": "Lead note added",
  "lead.webhook_replay": "Lead delivery sent again",
  "leads.export": "Leads exported",
  "analytics.export": "Analytics table exported",
  "spam.not_spam": "Spam marked as not spam",
  "not_found.dismiss": "404 log entry dismissed",
  "affiliate.invite": "Affiliate invited",
  "affiliate.password_link": "Affiliate invitation link sent",
  "affiliate.status": "Affiliate status changed",
  "affiliate.code": "Affiliate code changed",
  "affiliate.two_factor_reset": "Affiliate authenticator reset",
  "affiliate.commission_rule": "Affiliate commission rule changed",
  "commission.created": "Commission earned",
  "commission.recalculated": "Commission worked out again",
  "commission.approved": "Commission approved",
  "commission.voided": "Commission voided",
  "commission.adjusted": "Commission adjustment added",
  "payout.recorded": "Payout recorded",
  "payout.voided": "Payout voided",
  "giveaway.create": "Giveaway created",
  "giveaway.update": "Giveaway changed",
  "giveaway.export": "Giveaway entries exported",
  "giveaway.draw": "Giveaway winner drawn",
  "giveaway.redraw": "Giveaway winner drawn again",
  "staff.invite": "Member invited",
  "staff.password_link": "Password link sent",
  "staff.role": "Role changed",
  "staff.disable": "Member disabled",
  "staff.enable": "Member enabled",
  "staff.reset_two_factor": "Authenticator reset",
  "account.password": "Own password changed",
  "account.password_set": "Password set from a link",
  "account.two_factor_enabled": "Authenticator set up",
  "account.two_factor_disabled": "Authenticator turned off",
};

const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

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
          options={[...new Set([...actions, ...(action ? [action] : [])])].map((value) => ({
            value,
            label: ACTION_LABELS[value] ? `${actionLabel(value)} (${value})` : actionLabel(value),
          }))}
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
                <span className="font-semibold">{actionLabel(event.action)}</span>
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

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.length > 0 ? value.join(", ") : "(none)";
  }
  if (
    Array.isArray(value) &&
    value.every((item) => item && typeof item === "object" && "days" in item)
  ) {
    return (value as { days: string[]; opens: string; closes: string }[])
      .map(
        (entry) =>
          `${entry.days.map((day) => day.slice(0, 3)).join(" ")} ${entry.opens}-${entry.closes}`,
      )
      .join("; ");
  }
  return JSON.stringify(value);
};

/** Changes as "field: old -> new", other details as "name: value". */
function Details({ details }: { details: Record<string, unknown> }) {
  const { changes, ...rest } = details;
  const list = Array.isArray(changes)
    ? (changes as { field: string; from: unknown; to: unknown }[])
    : [];
  const entries = Object.entries(rest);
  if (list.length === 0 && entries.length === 0) return <span className="text-muted">-</span>;
  return (
    <dl className="relative max-w-md text-xs leading-5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex gap-1.5">
          <dt className="shrink-0 font-semibold">{key}:</dt>
          <dd className="min-w-0 break-words">{show(value)}</dd>
        </div>
      ))}
      {list.map((change) => (
        <div key={change.field} className="flex gap-1.5">
          <dt className="shrink-0 font-semibold">{change.field}:</dt>
          <dd className="min-w-0 break-words">
            <del className="text-muted">{show(change.from)}</del> <span aria-hidden="true">→</span>
            <span className="sr-only">changed to</span>{" "}
            <ins className="no-underline">{show(change.to)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
