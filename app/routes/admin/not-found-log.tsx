import { Link } from "react-router";
import type { Route } from "./+types/not-found-log";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable, Pagination } from "~/components/admin/data-table";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { buttonClasses } from "~/components/ui/button";
import { runtimeContext } from "~/modules/platform/context";
import {
  createRedirectHref,
  dismissSchema,
  NOT_FOUND_SORT_LABELS,
  NOT_FOUND_SORTS,
  readNotFoundFilter,
  type NotFoundFilter,
} from "~/modules/redirects/not-found-log.schema";
import {
  dismissNotFoundPath,
  NOT_FOUND_KEPT_DAYS,
  NOT_FOUND_MESSAGES,
  notFoundLogPage,
} from "~/modules/redirects/not-found-log.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireActor, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "404 log | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const filter = readNotFoundFilter(new URL(request.url).searchParams);
  const page = await notFoundLogPage(db, {
    sort: filter.sort,
    showDismissed: filter.dismissed,
    page: filter.page,
  });
  return { ...page, filter, keptDays: NOT_FOUND_KEPT_DAYS };
}

/** Dismiss an entry (editors and admins); it comes back with the next 404 to a person. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, dismissSchema);
  if (submission.status !== "success") return formAnswer(formId, submission, { status: 400 });
  const outcome = await dismissNotFoundPath(database, actor, submission.value.entryId);
  if (!outcome.ok) return formAnswer(formId, submission, { formError: outcome.error, status: 404 });
  // Back to the list as it was filtered, which the form's address carries.
  const back = new URL(request.url);
  return redirectWithFlash(context, `/admin/not-found${back.search}`, {
    message: outcome.changed ? NOT_FOUND_MESSAGES.dismissed : NOT_FOUND_MESSAGES.unchanged,
    tone: "success",
  });
}

/** The list's address with some of its filters changed. */
function listHref(filter: NotFoundFilter, changes: Partial<NotFoundFilter>): string {
  const merged = { ...filter, ...changes };
  const params = new URLSearchParams();
  if (merged.sort !== "hits") params.set("sort", merged.sort);
  if (merged.dismissed) params.set("dismissed", "1");
  if (merged.page > 1) params.set("page", String(merged.page));
  const query = params.toString();
  return `/admin/not-found${query ? `?${query}` : ""}`;
}

type ActionData = Route.ComponentProps["actionData"];
type Entry = Route.ComponentProps["loaderData"]["entries"][number];

export default function NotFoundLog({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, total, hasNext, filter, keptDays } = loaderData;
  return (
    <>
      <PageHeader
        title="404 log"
        description={`Addresses on the site that people reached and found nothing, with the pages that linked there. Redirect the ones that should go somewhere; entries nobody reaches for ${keptDays} days are removed.`}
      />

      <FilterBar resetTo="/admin/not-found">
        <FilterSelect
          label="Sort"
          name="sort"
          value={filter.sort}
          anyLabel={false}
          options={NOT_FOUND_SORTS.map((sort) => ({
            value: sort,
            label: NOT_FOUND_SORT_LABELS[sort],
          }))}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            key={String(filter.dismissed)}
            type="checkbox"
            name="dismissed"
            value="1"
            defaultChecked={filter.dismissed}
            className="size-4 accent-brass"
          />
          Show dismissed entries
        </label>
      </FilterBar>

      {entries.length === 0 ? (
        <EmptyState icon="circle-check" title={filter.page > 1 ? "No more entries" : "No 404s"}>
          Addresses that answer “Page not found” to people appear here. Search engines and other
          bots are left out.
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">
            {total} {total === 1 ? "entry" : "entries"}
            {filter.dismissed ? ", dismissed ones included" : ""}
          </p>
          <DataTable
            caption={`404 log, ${NOT_FOUND_SORT_LABELS[filter.sort].toLowerCase()}`}
            columns={["Path", "Hits", "First seen", "Last seen", "Top referrers", "Actions"]}
          >
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} actionData={actionData} />
            ))}
          </DataTable>
          <Pagination
            firstHref={filter.page > 1 ? listHref(filter, { page: 1 }) : null}
            nextHref={hasNext ? listHref(filter, { page: filter.page + 1 }) : null}
          />
        </>
      )}
    </>
  );
}

function EntryRow({ entry, actionData }: { entry: Entry; actionData: ActionData }) {
  const formId = `not-found-${entry.id}`;
  const [form, fields] = useStaffForm(dismissSchema, { id: formId, actionData });
  return (
    <tr>
      <td className={`${cellClass} max-w-xs break-all font-mono text-xs leading-5`}>
        {entry.path}
        {entry.dismissedAt && (
          <span className="ml-2 font-sans">
            <Badge>Dismissed</Badge>
          </span>
        )}
      </td>
      <td className={`${cellClass} tabular-nums`}>{entry.count}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.firstSeen)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(entry.lastSeen)}</td>
      <td className={cellClass}>
        {entry.referrers.length === 0 ? (
          <span className="text-muted">None known</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {entry.referrers.map((referrer) => (
              <li key={referrer.url} className="break-all text-xs">
                {referrer.url} <span className="text-muted">({referrer.count})</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={cellClass}>
        <div className="flex flex-col items-start gap-2">
          <Link to={createRedirectHref(entry.path)} className={buttonClasses("secondary")}>
            Create redirect<span className="sr-only"> from {entry.path}</span>
          </Link>
          {!entry.dismissedAt && (
            <StaffForm form={form}>
              <input type="hidden" name={fields.entryId.name} value={entry.id} />
              <SubmitButton formId={formId} intent="dismiss" variant="ghost">
                Dismiss<span className="sr-only"> {entry.path}</span>
              </SubmitButton>
            </StaffForm>
          )}
        </div>
      </td>
    </tr>
  );
}
