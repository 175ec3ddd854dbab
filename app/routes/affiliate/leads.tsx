import { data, Form, Link } from "react-router";
import type { Route } from "./+types/leads";
import {
  PANEL_CLASSES,
  portalMeta,
  PortalPageHeader,
  PortalTable,
  StatusBadge,
} from "~/components/affiliate/portal-blocks";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { neighbourPages, Pager } from "~/components/ui/pager";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import {
  parsePortalLeadsQuery,
  PORTAL_STATUS_OPTIONS,
  portalLeads,
  type PortalLead,
} from "~/modules/affiliates/portal.server";
import { formatUsd } from "~/modules/affiliates/statement-format";
import { shortDate } from "~/modules/platform/calendar-day";
import { runtimeContext } from "~/modules/platform/context";

export const meta: Route.MetaFunction = () => portalMeta("Leads");

const LEADS_PATH = "/affiliate/leads";

function leadsHref(status: string | undefined, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${LEADS_PATH}?${query}` : LEADS_PATH;
}

/** The leads credited to the signed-in affiliate, 20 a page, optionally of one status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { db } = context.get(runtimeContext);
  const query = parsePortalLeadsQuery(new URL(request.url).searchParams);
  const result = await portalLeads(db, affiliate.id, query);
  // Like the blog's lists: a page past the last is not a page.
  if (query.page > result.pageCount) throw data(null, { status: 404 });
  return {
    ...result,
    status: query.status ?? "",
    statusOptions: PORTAL_STATUS_OPTIONS,
    ...neighbourPages(result.page, result.pageCount, (page) => leadsHref(query.status, page)),
  };
}

export default function PortalLeadsPage({ loaderData }: Route.ComponentProps) {
  const { leads, status, statusOptions, total, hasAnyLeads } = loaderData;
  const statusLabel = statusOptions.find((option) => option.value === status)?.label;
  const hasSelfReferral = leads.some((lead) => lead.selfReferral);
  return (
    <>
      <PortalPageHeader title="Leads">
        <p>
          Consultation requests that came through your links, newest first. To protect the
          customers&rsquo; privacy you see their first name and initial only.
        </p>
      </PortalPageHeader>

      {!hasAnyLeads ? (
        <FirstLeadHint />
      ) : (
        <>
          <Form
            method="get"
            role="search"
            aria-label="Filter leads"
            className={`${PANEL_CLASSES} mb-4 flex flex-wrap items-end gap-3`}
          >
            <div className="flex min-w-48 flex-col gap-1">
              <label htmlFor="lead-status" className="text-sm font-semibold">
                Status
              </label>
              <select
                id="lead-status"
                name="status"
                // Keyed by the value in force, so going back to the list shows that filter.
                key={status}
                defaultValue={status}
                className="block w-full appearance-auto rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink hover:border-ink/40"
              >
                <option value="">All statuses</option>
                {statusOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex gap-2">
              <button type="submit" className={buttonClasses("primary")}>
                <Icon name="funnel" className="size-4" />
                Show
              </button>
              {status && (
                <Link to={LEADS_PATH} className={buttonClasses("ghost")}>
                  All leads
                </Link>
              )}
            </div>
          </Form>

          <p className="mb-3 text-sm text-muted">
            {total === 1 ? "1 lead" : `${total} leads`}
            {statusLabel ? ` with the status ${statusLabel}` : ""}.
          </p>

          {leads.length === 0 ? (
            <div className={`${PANEL_CLASSES} text-sm`}>
              <p className="font-semibold">No leads with the status {statusLabel}.</p>
              <p className="mt-1 text-muted">
                <Link to={LEADS_PATH} className="font-semibold text-ink underline">
                  Show all your leads
                </Link>
              </p>
            </div>
          ) : (
            <>
              <LeadCards leads={leads} />
              <LeadTable leads={leads} />
            </>
          )}

          {hasSelfReferral && (
            <p className="mt-3 text-sm text-muted">
              <strong className="font-semibold text-ink">Self-referral:</strong> the request was
              sent with your own e-mail address or phone number. It is credited to you but earns no
              commission.
            </p>
          )}

          <Pager
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            previousHref={loaderData.previousHref}
            nextHref={loaderData.nextHref}
            labels={{ previous: "Newer leads", next: "Older leads" }}
            className="mt-4 flex flex-wrap items-center justify-between gap-3"
            statusClassName="text-sm text-muted"
            linkClassNames={{ previous: buttonClasses("ghost"), next: buttonClasses("secondary") }}
          />
        </>
      )}
    </>
  );
}

/** What an affiliate without any lead yet is told: how the first one comes. */
function FirstLeadHint() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <Icon name="inbox" className="size-8 text-muted" />
      <h2 className="font-semibold">No leads yet</h2>
      <p className="max-w-md text-sm text-muted">
        When someone opens the site through your referral link and asks for a consultation, the
        request appears here with its status. Share your link, or print its QR code, to get your
        first lead.
      </p>
      <Link to="/affiliate/links" className={buttonClasses("primary")}>
        Get your referral link
        <Icon name="arrow-right" className="size-4" />
      </Link>
    </div>
  );
}

/** A won lead's commission: its amount and where it stands; a dash for any other lead. */
function CommissionOf({ lead }: { lead: PortalLead }) {
  const commission = lead.commission;
  if (!commission) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </>
    );
  }
  const standing =
    commission.status === "pending"
      ? commission.holdEndsOn
        ? `Pending until ${shortDate(commission.holdEndsOn)}`
        : "Pending"
      : commission.status === "approved"
        ? "Approved"
        : commission.status === "paid"
          ? "Paid"
          : `Void: ${commission.voidReason ?? "no longer earned"}`;
  return (
    <>
      <span className={`block tabular-nums ${commission.status === "void" ? "line-through" : ""}`}>
        {formatUsd(commission.amountCents)}
      </span>
      <span className="block text-xs text-muted">{standing}</span>
    </>
  );
}

function SelfReferralNote() {
  return <span className="text-xs font-medium text-muted">Self-referral</span>;
}

function ChangedOn({ lead }: { lead: PortalLead }) {
  if (lead.statusChangedOn) return <>{shortDate(lead.statusChangedOn)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not changed yet</span>
    </>
  );
}

/** On a phone: one card per lead, each a small description list. */
function LeadCards({ leads }: { leads: PortalLead[] }) {
  return (
    <ul className="flex flex-col gap-3 sm:hidden">
      {leads.map((lead) => (
        <li key={lead.id} className={PANEL_CLASSES}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold">
              {lead.name}
              {lead.selfReferral && (
                <>
                  {" "}
                  <SelfReferralNote />
                </>
              )}
            </p>
            <StatusBadge tone={lead.statusTone}>{lead.statusLabel}</StatusBadge>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Received</dt>
            <dd>{shortDate(lead.receivedOn)}</dd>
            <dt className="text-muted">Service</dt>
            <dd>{lead.service}</dd>
            <dt className="text-muted">Status changed</dt>
            <dd>
              <ChangedOn lead={lead} />
            </dd>
            {lead.commission && (
              <>
                <dt className="text-muted">Commission</dt>
                <dd>
                  <CommissionOf lead={lead} />
                </dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** From a tablet's width up: a table. */
function LeadTable({ leads }: { leads: PortalLead[] }) {
  const cell = "px-4 py-3 align-top";
  return (
    <PortalTable
      caption="Your leads"
      className="hidden sm:block"
      columns={[
        { label: "Received" },
        { label: "Name" },
        { label: "Service" },
        { label: "Status" },
        { label: "Status changed" },
        { label: "Commission" },
      ]}
    >
      {leads.map((lead) => (
        <tr key={lead.id}>
          <td className={`${cell} whitespace-nowrap`}>{shortDate(lead.receivedOn)}</td>
          <td className={cell}>
            <span className="block">{lead.name}</span>
            {lead.selfReferral && <SelfReferralNote />}
          </td>
          <td className={cell}>{lead.service}</td>
          <td className={cell}>
            <StatusBadge tone={lead.statusTone}>{lead.statusLabel}</StatusBadge>
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            <ChangedOn lead={lead} />
          </td>
          <td className={cell}>
            <CommissionOf lead={lead} />
          </td>
        </tr>
      ))}
    </PortalTable>
  );
}
