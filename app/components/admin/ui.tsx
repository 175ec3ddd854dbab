import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";

/**
 * The staff area's building blocks: page header, panels, tables, empty states, badges,
 * statistics, confirmations and toasts. Screens compose these rather than style anew.
 */

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-sans text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Panel({
  title,
  actions,
  children,
  className = "",
}: {
  title?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      {(title || actions) && (
        <div className="mb-4 flex items-center justify-between gap-3">
          {title && (
            <h2 id={id} className="font-sans text-base font-semibold">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: React.ReactNode;
  hint?: string;
}) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 font-sans text-3xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}

type Tone = "neutral" | "success" | "warning" | "danger" | "info";
const TONES: Record<Tone, string> = {
  neutral: "bg-stone-100 text-ink-soft",
  success: "bg-sage/15 text-sage",
  warning: "bg-brass-light text-brass-dark",
  danger: "bg-danger/10 text-danger",
  info: "bg-ink/10 text-ink",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

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
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
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
    </div>
  );
}

export const cellClass = "px-4 py-3 align-top";

export function EmptyState({
  icon = "inbox",
  title,
  children,
}: {
  icon?: IconName;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <Icon name={icon} className="size-8 text-muted" />
      <p className="font-semibold">{title}</p>
      {children && <div className="max-w-md text-sm text-muted">{children}</div>}
    </div>
  );
}

/** A filter bar: a GET form, so filters live in the URL and work without JavaScript. */
export function FilterBar({ children, resetTo }: { children: React.ReactNode; resetTo: string }) {
  return (
    <Form
      method="get"
      role="search"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      {children}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          <Icon name="funnel" className="size-4" />
          Apply
        </Button>
        <Link to={resetTo} className={buttonClasses("ghost")}>
          Reset
        </Link>
      </div>
    </Form>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-ink hover:border-ink/40";

export function FilterField({
  label,
  children,
}: {
  label: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * A submit button that asks first (a native <dialog>). Without JavaScript it submits at
 * once; the action is still checked on the server.
 */
export function ConfirmButton({
  children,
  question,
  confirmLabel,
  variant = "secondary",
  name,
  value,
  form,
}: {
  children: React.ReactNode;
  question: string;
  confirmLabel: string;
  variant?: "primary" | "secondary" | "ghost";
  name?: string;
  value?: string;
  form?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={submit}
        type="submit"
        name={name}
        value={value}
        form={form}
        className={buttonClasses(variant)}
        onClick={(event) => {
          if (dialog.current?.dataset.confirmed === "yes") {
            dialog.current.dataset.confirmed = "";
            return;
          }
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-stone-200 p-6 shadow-xl backdrop:bg-ink/40"
      >
        <p id={titleId} className="font-semibold">
          {question}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              if (!dialog.current || !submit.current) return;
              dialog.current.dataset.confirmed = "yes";
              dialog.current.close();
              submit.current.click();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}

/** A toast for the outcome of the last action (a flash from the server); key it per flash. */
export function Toast({ message, tone }: { message: string; tone: "success" | "error" }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 6000);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`fixed bottom-4 right-4 z-50 flex max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${
        tone === "error" ? "bg-danger" : "bg-ink"
      }`}
    >
      <Icon
        name={tone === "error" ? "triangle-exclamation-point" : "circle-check"}
        className="size-5 shrink-0"
      />
      <span>{message}</span>
      <button
        type="button"
        onClick={() => setVisible(false)}
        className="-mr-1 ml-2 rounded p-0.5 hover:bg-white/10"
      >
        <Icon name="x" className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  );
}

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

/** Dates as staff read them: "Nov 22, 2026, 6:40 PM" in the company's time zone. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "-";
  return new Date(value).toLocaleString("en-US", {
    timeZone: "America/New_York",
    dateStyle: "medium",
    timeStyle: "short",
  });
}

/** Cents as dollars: 1250000 -> "$12,500.00". */
export const formatCents = (cents: number | null | undefined): string =>
  cents === null || cents === undefined
    ? "-"
    : (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
