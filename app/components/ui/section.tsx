import { Container } from "./container";

type Tone = "plain" | "white" | "stone" | "ink";

const tones: Record<Tone, string> = {
  plain: "bg-stone-50",
  white: "bg-white",
  stone: "bg-stone-100",
  ink: "bg-ink text-stone-100",
};

/** A full-width band of the page with the content width inside. */
export function Section({
  tone = "plain",
  className = "",
  containerClassName = "",
  labelledBy,
  children,
  id,
  holdsForm = false,
  as: Element = "section",
}: {
  tone?: Tone;
  className?: string;
  containerClassName?: string;
  /** Id of the section's heading, for assistive technology. */
  labelledBy?: string;
  id?: string;
  /** A band with a form is laid out with the page, never skipped (app.css, render-when-visible). */
  holdsForm?: boolean;
  /** A band without a heading of its own is not a section of the outline: a div. */
  as?: "section" | "div";
  children: React.ReactNode;
}) {
  return (
    <Element
      id={id}
      aria-labelledby={labelledBy}
      className={`${holdsForm ? "" : "render-when-visible "}py-16 sm:py-24 ${tones[tone]} ${className}`}
    >
      <Container className={containerClassName}>{children}</Container>
    </Element>
  );
}

/** Eyebrow, h2 and a short lead, as every section opens. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  children,
  align = "left",
  invert = false,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
  align?: "left" | "center";
  invert?: boolean;
}) {
  return (
    <div
      className={`mb-10 flex max-w-3xl flex-col gap-4 sm:mb-14 ${align === "center" ? "mx-auto items-center text-center" : ""}`}
    >
      {eyebrow && (
        <p
          className={`text-sm font-semibold uppercase tracking-widest ${invert ? "text-brass-light" : "text-brass"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className={`text-3xl leading-tight sm:text-4xl ${invert ? "text-white" : ""}`}>
        {title}
      </h2>
      {children && (
        <div className={`text-lg leading-relaxed ${invert ? "text-stone-200" : "text-ink-soft"}`}>
          {children}
        </div>
      )}
    </div>
  );
}

/** A raised panel for grouped content. */
export function Card({
  className = "",
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`rounded-(--radius-card) border border-stone-200 bg-white p-6 shadow-(--shadow-card) sm:p-8 ${className}`}
    >
      {children}
    </div>
  );
}
