import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** A scrollable table with a caption for assistive technology. */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: React.ReactNode[];
  children: React.ReactNode;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export const cellClass = "px-4 py-3 align-top";

/** "First page" and "Next page" for cursor pagination, keeping the current filters. */
export function Pagination({
  firstHref,
  nextHref,
}: {
  firstHref: string | null;
  nextHref: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {firstHref ? (
        <Link to={firstHref} className={`${buttonClasses("ghost")} mt-4`}>
          <Icon name="chevron-left" className="size-4" />
          First page
        </Link>
      ) : (
        <span />
      )}
      <NextPageLink href={nextHref} />
    </div>
  );
}

/** "Next page" for cursor pagination, keeping the current filters. */
export function NextPageLink({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <div className="mt-4 flex justify-end">
      <Link to={href} className={buttonClasses("secondary")}>
        Next page
        <Icon name="chevron-right" className="size-4" />
      </Link>
    </div>
  );
}

/**
 * "Previous page" and "Next page" around "Page n of m", for a list in numbered pages; the
 * addresses come from the loader (`neighbourPages` in components/ui/pager.tsx).
 */
export function PageNumbers({
  page,
  pageCount,
  previousHref,
  nextHref,
}: {
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
}) {
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      previousHref={previousHref}
      nextHref={nextHref}
      labels={{ previous: "Previous page", next: "Next page" }}
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
      statusClassName="text-sm text-muted"
      linkClassNames={{ previous: buttonClasses("ghost"), next: buttonClasses("secondary") }}
    />
  );
}
