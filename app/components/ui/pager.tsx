import { Link } from "react-router";
import { Icon } from "./icon";

/** The addresses of a numbered list's neighbouring pages, null where there is none. */
export function neighbourPages(page: number, pageCount: number, href: (page: number) => string) {
  return {
    previousHref: page > 1 ? href(page - 1) : null,
    nextHref: page < pageCount ? href(page + 1) : null,
  };
}

/**
 * "Page n of m" between links to the previous and the next page (rel prev and next); an
 * empty cell keeps each link on its side when the other is missing. Nothing on a single page.
 * The staff area and the blog each dress it their way.
 */
export function Pager({
  page,
  pageCount,
  previousHref,
  nextHref,
  labels,
  className,
  statusClassName,
  linkClassNames,
}: {
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
  labels: { previous: string; next: string };
  className: string;
  statusClassName: string;
  linkClassNames: { previous: string; next: string };
}) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav aria-label="Pages" className={className}>
      {previousHref ? (
        <Link to={previousHref} rel="prev" className={linkClassNames.previous}>
          <Icon name="chevron-left" className="size-4" />
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className={statusClassName}>
        Page {page} of {pageCount}
      </p>
      {nextHref ? (
        <Link to={nextHref} rel="next" className={linkClassNames.next}>
          {labels.next}
          <Icon name="chevron-right" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
