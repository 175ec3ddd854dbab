import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { formatOpeningHours, telHref } from "~/modules/settings/format";
import type { SiteCompany } from "./site-company";
import { Icon } from "~/components/ui/icon";
import { ConsultationForm } from "./consultation-form";

/** "Get In Touch": how to reach the company and the consultation form, on every page but /tv and /thank-you. */
export function ContactSection({ company }: { company: SiteCompany }) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      // Laid out with the page, not when it nears the viewport (app.css, render-when-visible).
      className="scroll-mt-28 border-t border-stone-200 bg-stone-100 py-16 sm:py-20"
    >
      <Container className="grid items-start gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <div className="flex flex-col gap-8">
          <div className="flex flex-col gap-5">
            <h2 id="contact-heading" className="text-3xl sm:text-4xl">
              Get In Touch
            </h2>
            <p className="max-w-prose text-lg text-ink-soft">
              Tell us about your bathroom. A design consultant will call you back to set up a free
              in-home consultation.
            </p>
            <a
              href={telHref(company.phone)}
              className={buttonClasses("primary", "lg", "self-start")}
            >
              <Icon name="phone" className="size-5" />
              Call Now {company.phone}
            </a>
          </div>
          <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
            <div>
              <dt className="flex items-center gap-2 font-semibold">
                <Icon name="map-pin" className="size-5 shrink-0 text-brass" />
                Showroom
              </dt>
              <dd className="pl-7 text-ink-soft">
                {company.streetAddress}
                <br />
                {company.addressLocality}, {company.addressRegion} {company.postalCode}
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold">
                <Icon name="mail" className="size-5 shrink-0 text-brass" />
                E-mail
              </dt>
              <dd className="pl-7">
                <a href={`mailto:${company.email}`} className="text-ink-soft underline">
                  {company.email}
                </a>
              </dd>
            </div>
            <div className="sm:col-span-2 lg:col-span-1">
              <dt className="flex items-center gap-2 font-semibold">
                <Icon name="clock" className="size-5 shrink-0 text-brass" />
                Business hours
              </dt>
              {company.openingHours.map((entry) => (
                <dd key={entry.days.join()} className="pl-7 text-ink-soft">
                  {formatOpeningHours(entry)}
                </dd>
              ))}
            </div>
          </dl>
        </div>
        <ConsultationForm company={company} />
      </Container>
    </section>
  );
}
