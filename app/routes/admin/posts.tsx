import { Link } from "react-router";
import type { Route } from "./+types/posts";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { cellClass, DataTable, PageNumbers } from "~/components/admin/data-table";
import {
  FilterBar,
  filterBarState,
  FilterSearch,
  FilterSelect,
} from "~/components/admin/filter-bar";
import { formatDateTime } from "~/components/admin/format";
import { ActionLink, EmptyState, PageHeader } from "~/components/admin/page";
import { StaffForm, useStaffForm } from "~/components/admin/staff-form";
import { Icon } from "~/components/ui/icon";
import { neighbourPages } from "~/components/ui/pager";
import {
  bulkSchema,
  POST_SORTS,
  POST_STATUS_LABELS,
  POST_STATUS_OPTIONS,
  type BulkAction,
} from "~/modules/content/post.schema";
import { bulkPosts } from "~/modules/content/post-bulk.server";
import {
  listPosts,
  parsePostFilter,
  postFilterQuery,
  postOptions,
} from "~/modules/content/posts-list.server";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireActor, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Posts | Staff area" }];

const SORT_LABELS: Record<(typeof POST_SORTS)[number], string> = {
  updated: "Last edited",
  published: "Publication date",
  title: "Title (A to Z)",
};

const BULK_DONE: Record<BulkAction, string> = {
  publish: "published",
  unpublish: "moved back to drafts",
  delete: "deleted",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const parsed = parsePostFilter(new URL(request.url).searchParams);
  const { filter } = parsed;
  const [page, options] = await Promise.all([listPosts(db, filter), postOptions(db)]);
  const pageHref = (n: number) =>
    `/admin/posts${postFilterQuery(filter, n > 1 ? { page: String(n) } : {})}`;
  const { sort: _sort, page: _page, ...narrowing } = filter;
  return {
    filters: filterBarState(parsed, narrowing),
    page,
    options,
    ...neighbourPages(page.page, page.pageCount, pageHref),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, bulkSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const { intent, postIds } = submission.value;
  const { changed } = await bulkPosts(runtime.database, actor, intent, postIds);
  const n = changed.length;
  const message =
    n === 0 ? "Nothing had changed." : `${n} ${n === 1 ? "post" : "posts"} ${BULK_DONE[intent]}.`;
  return redirectWithFlash(context, `/admin/posts${new URL(request.url).search}`, {
    message,
    tone: "success",
  });
}

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, options, previousHref, nextHref } = loaderData;
  const { filtered } = filters;
  const [form, fields] = useStaffForm(bulkSchema, { id: "bulk", actionData });
  return (
    <>
      <PageHeader
        title="Posts"
        description={
          filtered
            ? `${page.total} ${page.total === 1 ? "post matches" : "posts match"} the filters.`
            : `${page.total} ${page.total === 1 ? "post" : "posts"} in all.`
        }
        actions={
          <ActionLink to="/admin/posts/new" icon="file-text" variant="primary">
            New post
          </ActionLink>
        }
      />

      <FilterBar resetTo="/admin/posts" state={filters}>
        <FilterSearch label="Search title or excerpt" />
        <FilterSelect label="Status" name="status" options={POST_STATUS_OPTIONS} />
        <FilterSelect
          label="Author"
          name="author"
          options={options.authors.map((author) => ({ value: author.id, label: author.name }))}
        />
        <FilterSelect
          label="Category"
          name="category"
          options={options.categories.map((category) => ({
            value: category.id,
            label: category.name,
          }))}
        />
        <FilterSelect
          label="Sort by"
          name="sort"
          anyLabel={false}
          options={POST_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        />
      </FilterBar>

      {page.posts.length === 0 ? (
        <EmptyState title={filtered ? "No posts match these filters" : "No posts yet"}>
          {filtered ? "Try fewer filters." : "Write the first one with New post."}
        </EmptyState>
      ) : (
        <StaffForm form={form} aria-label="Posts">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted">With the ticked posts:</span>
            <ConfirmButton
              intent="publish"
              question="Publish the ticked posts? Visitors see them at once."
              confirmLabel="Publish"
            >
              Publish
            </ConfirmButton>
            <ConfirmButton
              intent="unpublish"
              question="Unpublish the ticked posts? They go back to drafts and leave the blog."
              confirmLabel="Unpublish"
            >
              Unpublish
            </ConfirmButton>
            <ConfirmButton
              intent="delete"
              question="Delete the ticked posts for good, with their revisions? The addresses of published ones will answer 410 Gone."
              confirmLabel="Delete"
            >
              <Icon name="trash" className="size-4" />
              Delete
            </ConfirmButton>
          </div>
          {fields.postIds.errors?.[0] && (
            <p role="alert" className="mb-3 text-sm font-medium text-danger">
              {fields.postIds.errors[0]}
            </p>
          )}
          <DataTable
            caption="Posts"
            columns={[
              <span key="tick" className="sr-only">
                Tick
              </span>,
              "Title",
              "Status",
              "Author",
              "Categories",
              "Published",
              "Last edited",
            ]}
          >
            {page.posts.map((post) => (
              <tr key={post.id}>
                <td className={cellClass}>
                  <input
                    type="checkbox"
                    name={fields.postIds.name}
                    value={post.id}
                    aria-label={`Tick “${post.title}”`}
                    className="size-5 accent-brass"
                  />
                </td>
                <td className={cellClass}>
                  <Link
                    to={`/admin/posts/${post.id}/edit`}
                    className="font-semibold text-ink underline"
                  >
                    {post.title}
                  </Link>
                  <span className="block text-xs text-muted">/blog/{post.slug}</span>
                </td>
                <td className={cellClass}>
                  <Badge
                    tone={
                      post.status === "published"
                        ? "success"
                        : post.status === "scheduled"
                          ? "info"
                          : "neutral"
                    }
                  >
                    {POST_STATUS_LABELS[post.status]}
                  </Badge>
                  {post.status === "scheduled" && (
                    <span className="block text-xs text-muted">
                      {formatDateTime(post.publishAt)}
                    </span>
                  )}
                </td>
                <td className={cellClass}>{post.authorName}</td>
                <td className={cellClass}>{post.categoryNames.join(", ") || "-"}</td>
                <td className={cellClass}>{formatDateTime(post.publishedAt)}</td>
                <td className={cellClass}>{formatDateTime(post.updatedAt)}</td>
              </tr>
            ))}
          </DataTable>
        </StaffForm>
      )}

      <PageNumbers
        page={page.page}
        pageCount={page.pageCount}
        previousHref={previousHref}
        nextHref={nextHref}
      />
    </>
  );
}
