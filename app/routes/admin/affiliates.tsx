import { Link } from "react-router";
import type { Route } from "./+types/affiliates";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable, PageNumbers } from "~/components/admin/data-table";
import {
  FilterBar,
  filterBarState,
  FilterSearch,
  FilterSelect,
} from "~/components/admin/filter-bar";
import { formatDate, formatShare } from "~/components/admin/format";
import { ActionLink, EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { PasswordLinkPanel } from "~/components/admin/password-link-panel";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormTextField } from "~/components/admin/staff-form-fields";
import { neighbourPages } from "~/components/ui/pager";
import {
  affiliateFilterQuery,
  inviteAffiliate,
  listAffiliates,
  parseAffiliateFilter,
} from "~/modules/affiliates/affiliate-admin.server";
import {
  AFFILIATE_SORT_LABELS,
  AFFILIATE_SORTS,
  AFFILIATE_STATUS_LABELS,
  AFFILIATE_STATUS_OPTIONS,
  affiliateStatusTone,
  inviteAffiliateSchema,
} from "~/modules/affiliates/affiliate-admin.schema";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Affiliates | Staff area" }];

const PENDING_HREF = "/admin/affiliates?status=pending";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const parsed = parseAffiliateFilter(new URL(request.url).searchParams);
  const { filter } = parsed;
  const page = await listAffiliates(db, filter);
  const pageHref = (n: number) =>
    `/admin/affiliates${affiliateFilterQuery(filter, n > 1 ? { page: String(n) } : {})}`;
  const { sort: _sort, page: _page, ...narrowing } = filter;
  return {
    filters: filterBarState(parsed, narrowing),
    page,
    ...neighbourPages(page.page, page.pageCount, pageHref),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, inviteAffiliateSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const outcome = await inviteAffiliate(affiliateAuthDeps(runtime), actor, submission.value);
  if (!outcome.ok) return formAnswer(formId, submission, refusalOf(outcome.errors));
  // Without SMTP_URL nothing is mailed: the admin who asked sees the link once, here.
  if (!runtime.config.smtpUrl && outcome.link) {
    return { form: "link" as const, email: outcome.email, link: outcome.link };
  }
  return redirectWithFlash(context, "/admin/affiliates", {
    message: `Invitation sent to ${outcome.email}, with the code ${outcome.code}.`,
    tone: "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];

export default function Affiliates({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, previousHref, nextHref } = loaderData;
  const { filtered } = filters;
  const { pendingCount } = page;
  const count = `${page.total} ${page.total === 1 ? "affiliate" : "affiliates"}`;
  return (
    <>
      <PageHeader
        title="Affiliates"
        description={
          <>
            {filtered
              ? `${count} ${page.total === 1 ? "matches" : "match"} the filters.`
              : `${count} in all.`}{" "}
            {pendingCount > 0
              ? `${pendingCount} ${pendingCount === 1 ? "application is" : "applications are"} waiting for review.`
              : "No application is waiting for review."}
          </>
        }
        actions={
          pendingCount > 0 && (
            <ActionLink to={PENDING_HREF} icon="clipboard-check" variant="primary">
              Review applications ({pendingCount})
            </ActionLink>
          )
        }
      />
      <div className="flex flex-col gap-6">
        {actionData && "link" in actionData && (
          <PasswordLinkPanel email={actionData.email} link={actionData.link} expiresIn="24 hours" />
        )}

        <section aria-label="Affiliate list">
          <FilterBar resetTo="/admin/affiliates" state={filters}>
            <FilterSearch label="Search name, e-mail, company or code" />
            <FilterSelect label="Status" name="status" options={AFFILIATE_STATUS_OPTIONS} />
            <FilterSelect
              label="Sort by"
              name="sort"
              anyLabel={false}
              options={AFFILIATE_SORTS.map((sort) => ({
                value: sort,
                label: AFFILIATE_SORT_LABELS[sort],
              }))}
            />
          </FilterBar>

          {page.affiliates.length === 0 ? (
            <EmptyState
              icon="users"
              title={filtered ? "No affiliates match these filters" : "No affiliates yet"}
            >
              {filtered
                ? "Try fewer filters, or part of a name or code."
                : "Applications from the partner sign-up appear here; you can also invite someone below."}
            </EmptyState>
          ) : (
            <DataTable
              caption={
                filtered
                  ? `Affiliates matching the filters (${page.total})`
                  : `Affiliates (${page.total})`
              }
              columns={[
                "Affiliate and code",
                "Status",
                "Clicks",
                "Leads",
                "Won",
                "Conversion",
                "Joined",
              ]}
            >
              {page.affiliates.map((affiliate) => (
                <tr key={affiliate.id}>
                  <td className={cellClass}>
                    <Link
                      to={`/admin/affiliates/${affiliate.id}`}
                      className="font-semibold text-ink underline"
                    >
                      {affiliate.name}
                    </Link>
                    <span className="block max-w-56 truncate text-muted" title={affiliate.email}>
                      {affiliate.email}
                    </span>
                    {affiliate.company && (
                      <span className="block text-xs text-muted">{affiliate.company}</span>
                    )}
                    <code className="mt-1 block max-w-56 break-all text-xs">{affiliate.code}</code>
                  </td>
                  <td className={cellClass}>
                    <Badge tone={affiliateStatusTone(affiliate.status)}>
                      {AFFILIATE_STATUS_LABELS[affiliate.status]}
                    </Badge>
                  </td>
                  <td className={`${cellClass} tabular-nums`}>{affiliate.clicks}</td>
                  <td className={`${cellClass} tabular-nums`}>{affiliate.leads}</td>
                  <td className={`${cellClass} tabular-nums`}>{affiliate.won}</td>
                  <td className={`${cellClass} tabular-nums`}>
                    {formatShare(affiliate.conversion)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {formatDate(affiliate.createdAt)}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <PageNumbers
            page={page.page}
            pageCount={page.pageCount}
            previousHref={previousHref}
            nextHref={nextHref}
          />
        </section>

        {/* Keyed by the count, so a sent invitation clears the form. */}
        <InviteForm key={page.total} actionData={actionData} />
      </div>
    </>
  );
}

function InviteForm({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useStaffForm(inviteAffiliateSchema, { id: "invite", actionData });
  return (
    <Panel title="Invite an affiliate">
      <p className="-mt-2 mb-4 text-sm text-muted">
        They are approved at once and get an e-mail with a link to choose their password for the
        partner portal (valid for 24 hours).
      </p>
      <StaffForm form={form} intent="invite">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormTextField field={fields.name} label="Name" autoComplete="off" />
          <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="off" />
          <FormTextField
            field={fields.phone}
            type="tel"
            label="Phone (optional)"
            autoComplete="off"
          />
          <FormTextField field={fields.company} label="Company (optional)" autoComplete="off" />
          <FormTextField
            field={fields.code}
            label="Referral code (optional)"
            hint="Letters, digits, hyphens and underscores. Left empty, one is made from their name."
            autoComplete="off"
            maxLength={50}
          />
        </div>
        <div className="mt-5 flex justify-end">
          <SubmitButton formId="invite" pendingLabel="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}
