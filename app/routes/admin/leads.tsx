import type { Route } from "./+types/leads";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable, Pagination } from "~/components/admin/data-table";
import {
  FilterBar,
  filterBarState,
  FilterInput,
  FilterSearch,
  FilterSelect,
} from "~/components/admin/filter-bar";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { LeadLink } from "~/components/admin/lead-link";
import {
  ActionLink,
  CARD_CLASSES,
  EmptyState,
  ExportCsvLink,
  PageHeader,
} from "~/components/admin/page";
import {
  cursorFrom,
  leadFilterOptions,
  leadFilterQuery,
  listLeads,
  parseLeadFilter,
} from "~/modules/leads/lead-list.server";
import {
  LEAD_STATUS_OPTIONS,
  leadStatusLabel,
  leadStatusTone,
} from "~/modules/leads/lead-status-labels";
import { formatPhone } from "~/modules/leads/phone";
import { runtimeContext } from "~/modules/platform/context";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const { searchParams } = new URL(request.url);
  const parsed = parseLeadFilter(searchParams);
  const { filter } = parsed;
  const cursor = cursorFrom(searchParams);
  const company = await getCompanySettings(db);
  const [page, options] = await Promise.all([
    listLeads(db, filter, cursor),
    leadFilterOptions(db, company.referralByName),
  ]);
  return {
    filters: filterBarState(parsed, filter),
    page,
    options,
    nextHref: page.nextCursor
      ? `/admin/leads${leadFilterQuery(filter, { cursor: page.nextCursor })}`
      : null,
    firstHref: cursor ? `/admin/leads${leadFilterQuery(filter)}` : null,
    exportHref: `/admin/leads/export${leadFilterQuery(filter)}`,
  };
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filters, page, options, nextHref, firstHref, exportHref } = loaderData;
  const { filtered } = filters;
  const total = page.total.toLocaleString("en-US");
  return (
    <>
      <PageHeader
        title="Leads"
        description={
          filtered
            ? `${total} ${page.total === 1 ? "lead matches" : "leads match"} the filters.`
            : `${total} ${page.total === 1 ? "lead" : "leads"} in all, newest first.`
        }
        actions={
          <>
            <ActionLink to="/admin/leads/spam" icon="ban">
              Spam folder
            </ActionLink>
            <ExportCsvLink href={exportHref} />
          </>
        }
      />

      <FilterBar resetTo="/admin/leads" state={filters}>
        <FilterSearch label="Search name, e-mail or phone" />
        <FilterSelect label="Status" name="status" options={LEAD_STATUS_OPTIONS} />
        <FilterSelect label="Source" name="source" options={options.sources} />
        <FilterSelect
          label="Affiliate"
          name="affiliate"
          anyLabel="Any or none"
          options={[
            { value: "any", label: "Any referral code" },
            { value: "none", label: "No referral code" },
            ...options.affiliates.map((affiliate) => ({
              value: affiliate.id,
              label: `${affiliate.name} (${affiliate.code})`,
            })),
          ]}
        />
        <FilterInput label="Received from" type="date" name="from" />
        <FilterInput label="Received to" type="date" name="to" />
      </FilterBar>

      {page.leads.length === 0 ? (
        <EmptyState title={filtered ? "No leads match these filters" : "No leads yet"}>
          {filtered
            ? "Try fewer filters, or a wider date range."
            : "Requests from the consultation form appear here as they come in."}
        </EmptyState>
      ) : (
        <>
          {/* Phones get cards; the table needs a wider screen. Only one is ever displayed. */}
          <ul className="flex flex-col gap-3 md:hidden">
            {page.leads.map((lead) => (
              <li key={lead.id} className={`${CARD_CLASSES} text-sm`}>
                <div className="flex items-start justify-between gap-3">
                  <LeadLink
                    leadId={lead.id}
                    className="min-w-0 break-words font-semibold text-ink underline"
                  >
                    {lead.firstName} {lead.lastName}
                  </LeadLink>
                  <Badge tone={leadStatusTone(lead.status)}>{leadStatusLabel(lead.status)}</Badge>
                </div>
                <p className="mt-1 text-muted">{formatDateTime(lead.createdAt)}</p>
                <p className="mt-2 truncate" title={lead.email}>
                  {lead.email}
                </p>
                <p>{formatPhone(lead.phone)}</p>
                <p className="mt-2 text-muted">
                  {lead.source}
                  {(lead.referralName ?? lead.otherSource) &&
                    ` (${lead.referralName ?? lead.otherSource})`}
                  {lead.affiliateCode && `, via ${lead.affiliateName ?? lead.affiliateCode}`}
                  {lead.jobValueCents !== null && `, ${formatCents(lead.jobValueCents)}`}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <DataTable
              caption="Leads, newest first"
              columns={[
                "Name",
                "Received",
                "Contact",
                "Source",
                "Affiliate",
                "Status",
                <span key="job-value" className="whitespace-nowrap">
                  Job value
                </span>,
              ]}
            >
              {page.leads.map((lead) => (
                <tr key={lead.id}>
                  <td className={cellClass}>
                    <LeadLink leadId={lead.id}>
                      {lead.firstName} {lead.lastName}
                    </LeadLink>
                  </td>
                  <td className={cellClass}>
                    <ReceivedAt at={lead.createdAt} />
                  </td>
                  <td className={cellClass}>
                    {/* Long addresses are cut short here; the lead's page shows them whole. */}
                    <span className="block max-w-48 truncate" title={lead.email}>
                      {lead.email}
                    </span>
                    <span className="block whitespace-nowrap text-muted">
                      {formatPhone(lead.phone)}
                    </span>
                  </td>
                  <td className={cellClass}>
                    {lead.source}
                    {(lead.referralName ?? lead.otherSource) && (
                      <span className="block text-muted">
                        {lead.referralName ?? lead.otherSource}
                      </span>
                    )}
                  </td>
                  <td className={cellClass}>
                    {lead.affiliateCode ? (lead.affiliateName ?? lead.affiliateCode) : "-"}
                  </td>
                  <td className={cellClass}>
                    <Badge tone={leadStatusTone(lead.status)}>{leadStatusLabel(lead.status)}</Badge>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                    {formatCents(lead.jobValueCents)}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}

      <Pagination firstHref={firstHref} nextHref={nextHref} />
    </>
  );
}

/** The day and the time on lines of their own, so the column stays narrow. */
function ReceivedAt({ at }: { at: Date }) {
  const text = formatDateTime(at);
  const comma = text.lastIndexOf(", ");
  return (
    <>
      <span className="block whitespace-nowrap">{text.slice(0, comma)}</span>
      <span className="block whitespace-nowrap text-muted">{text.slice(comma + 2)}</span>
    </>
  );
}
