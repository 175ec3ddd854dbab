import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PhoneButton } from "./call-to-action";

/** The closing call to action of a page: consultation request and phone. */
export function CtaBand({
  id,
  title,
  children,
  quoteHref = "#contact",
  quoteLabel = "Request a Free Consultation",
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  quoteHref?: string;
  quoteLabel?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="render-when-visible bg-ink py-16 text-stone-100 sm:py-20"
    >
      <Container className="flex flex-col items-start gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-3xl text-white sm:text-4xl">
            {title}
          </h2>
          <div className="mt-3 text-lg text-stone-200">{children}</div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={quoteHref} data-track="quote_request" className={buttonClasses("primary", "lg")}>
            {quoteLabel}
          </a>
          <PhoneButton variant="inverse" />
        </div>
      </Container>
    </section>
  );
}
