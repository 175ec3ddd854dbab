import { useId } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";

/**
 * The partner portal's page frame: the page's title and introduction, panels, figures and
 * status labels. Kept apart from the staff area's, whose code public visitors and
 * affiliates never load.
 */

/** A portal page's title in the browser, never indexed by search engines. */
export const portalMeta = (title: string) => [
  { title: `${title} | Partner portal` },
  { name: "robots", content: "noindex, nofollow" },
];

export const PANEL_CLASSES = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5";

export function PortalPageHeader({
  title,
  children,
}: {
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6">
      <h1 className="font-sans text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children && <div className="mt-1 max-w-3xl text-sm text-muted">{children}</div>}
    </div>
  );
}

/** A titled section of a portal page. */
export function PortalPanel({
  title,
  description,
  children,
  className = "",
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${PANEL_CLASSES} ${className}`}>
      <h2 id={id} className="font-sans text-base font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One figure: its name, its value, and what it counts. */
export function FigureCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: React.ReactNode;
  hint?: string;
}) {
  return (
    <div className={PANEL_CLASSES}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 font-sans text-3xl font-semibold tabular-nums">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

const TONES: Record<StatusTone, string> = {
  neutral: "bg-stone-100 text-ink-soft",
  success: "bg-sage/15 text-sage",
  warning: "bg-brass-light text-brass-dark",
  danger: "bg-danger/10 text-danger",
  info: "bg-ink/10 text-ink",
};

export function StatusBadge({ tone, children }: { tone: StatusTone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * A share as a percentage with at most one decimal ("75%", "33.3%"); "—" when there is
 * nothing to divide by, read out as `missing`.
 */
export function Rate({ value, missing }: { value: number | null; missing: string }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{missing}</span>
      </>
    );
  }
  return <>{formatRate(value)}</>;
}

export const formatRate = (value: number): string => `${Math.round(value * 1000) / 10}%`;

/** A portal table's column: its heading, right-aligned for amounts. */
export interface PortalColumn {
  label: string;
  numeric?: boolean;
}

/**
 * The portal's tables (leads, payouts, statement): a scrolling white card with a caption for
 * assistive technology. `printable` drops the card and tightens the cells on paper.
 */
export function PortalTable({
  caption,
  columns,
  className = "",
  printable = false,
  children,
}: {
  caption: string;
  columns: readonly PortalColumn[];
  className?: string;
  printable?: boolean;
  children: React.ReactNode;
}) {
  const onPaper = (classes: string) => (printable ? ` ${classes}` : "");
  return (
    <ScrollRegion
      label={caption}
      className={`rounded-xl border border-stone-200 bg-white shadow-sm${onPaper("print:overflow-visible print:rounded-none print:border-0 print:shadow-none")} ${className}`}
    >
      <table className={`w-full text-left text-sm${onPaper("print:text-xs")}`}>
        <caption className="sr-only">{caption}</caption>
        <thead
          className={`border-b border-stone-200 bg-stone-50 text-xs uppercase tracking-wide text-muted${onPaper("print:bg-white")}`}
        >
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-3 font-semibold${column.numeric ? " text-right" : ""}${onPaper("print:px-2")}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
