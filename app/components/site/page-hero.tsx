import { Container } from "~/components/ui/container";

/** The top of a content page: its one h1 and a short introduction. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="border-b border-stone-200 bg-white py-14 sm:py-20">
      <Container>
        <div className="flex max-w-3xl flex-col gap-5">
          {eyebrow && (
            <p className="text-sm font-semibold uppercase tracking-widest text-brass">{eyebrow}</p>
          )}
          <h1 className="text-4xl leading-tight sm:text-5xl">{title}</h1>
          {children && <div className="text-lg leading-relaxed text-ink-soft">{children}</div>}
        </div>
      </Container>
    </section>
  );
}
