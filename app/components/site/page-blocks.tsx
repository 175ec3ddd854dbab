import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { Feature } from "./feature-list";

/** The steps of a process side by side, each under its icon, with how long it takes. */
export function StepColumns({
  steps,
  className,
}: {
  steps: ReadonlyArray<Feature & { duration?: string }>;
  className: string;
}) {
  return (
    <ol className={className}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex flex-col gap-3">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brass-light text-brass-dark">
            <Icon name={step.icon} className="size-6" />
          </span>
          <h3 className="text-xl">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          {step.duration && (
            <p className="text-sm font-semibold text-brass-dark">{step.duration}</p>
          )}
          <p className="leading-relaxed text-ink-soft">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Terms and what they mean, each pair in a box that `classes` styles. */
export function DescriptionList({
  items,
  classes,
}: {
  items: ReadonlyArray<{ term: React.ReactNode; description: React.ReactNode }>;
  classes: { list: string; item: string; term: string; description: string };
}) {
  return (
    <dl className={classes.list}>
      {items.map((item, index) => (
        <div key={index} className={classes.item}>
          <dt className={classes.term}>{item.term}</dt>
          <dd className={classes.description}>{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Large figures on a dark band, each over what it counts. */
export function StatList({
  stats,
  className,
}: {
  stats: ReadonlyArray<{ label: React.ReactNode; value: React.ReactNode }>;
  className: string;
}) {
  return (
    <DescriptionList
      items={stats.map((stat) => ({ term: stat.label, description: stat.value }))}
      classes={{
        list: className,
        item: "flex flex-col gap-1 border-l-2 border-brass pl-5",
        term: "text-stone-200",
        description: "order-first font-serif text-5xl text-white",
      }}
    />
  );
}

/** A link onwards, ending in an arrow. */
export function ArrowLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={to} className={`inline-flex items-center gap-2 font-semibold ${className}`}>
      {children} <Icon name="arrow-right" className="size-4" />
    </Link>
  );
}
