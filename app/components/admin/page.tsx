import { useId } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";

/** The frame of a staff page: its header, panels, statistics and empty states. */

/** A white card: panels, statistics, and the entries of a list shown as cards. */
export const CARD_CLASSES = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm";

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

/** A header action that opens another screen: a button-styled link, its icon first. */
export function ActionLink({
  to,
  icon,
  variant = "ghost",
  children,
}: {
  to: string;
  icon: IconName;
  variant?: "primary" | "secondary" | "ghost";
  children: React.ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses(variant)}>
      <Icon name={icon} className="size-4" />
      {children}
    </Link>
  );
}

/** A header's "Export CSV": a file download, so a plain link, not a client-side navigation. */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <a href={href} className={buttonClasses("secondary")} download>
      <Icon name="download" className="size-4" />
      Export CSV
    </a>
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
      className={`${CARD_CLASSES} sm:p-5 ${className}`}
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
    <div className={CARD_CLASSES}>
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 font-sans text-3xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}

export function EmptyState({
  icon = "inbox",
  title,
  children,
}: React.PropsWithChildren<{ icon?: IconName; title: string }>) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <Icon name={icon} className="size-8 text-muted" />
      <p className="font-semibold">{title}</p>
      {children && <div className="max-w-md text-sm text-muted">{children}</div>}
    </div>
  );
}
