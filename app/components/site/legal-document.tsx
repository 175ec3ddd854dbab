import { useRouteLoaderData } from "react-router";
import { Container } from "~/components/ui/container";
import type { loader as siteLayoutLoader } from "~/routes/_site/layout";
import { telHref } from "~/modules/settings/format";
import { DescriptionList } from "./page-blocks";
import { PageHero } from "./page-hero";

/** One numbered part of a legal document: its anchor, its h2, and its body. */
export interface LegalSection {
  /** Anchor of the section (unique on the page; the table of contents links to it). */
  id: string;
  title: string;
  content: React.ReactNode;
}

export type LegalCompany = ReturnType<typeof useLegalCompany>;

/** A legal document's words, written with the company's details from the settings. */
export type LegalText = (company: LegalCompany) => {
  intro: React.ReactNode;
  sections: LegalSection[];
};

/** The company profile the site layout already loaded; no extra query. */
function useLegalCompany() {
  const data = useRouteLoaderData<typeof siteLayoutLoader>("routes/_site/layout");
  if (!data) throw new Error("Legal pages are only available inside the site layout");
  return data.company;
}

/**
 * Typography for the document body, applied to plain elements inside each section so the
 * pages read as ordinary HTML: paragraphs, lists, h3 subheadings, links, code and term lists.
 */
const PROSE = [
  "[&_p]:mt-4",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:leading-snug sm:[&_h3]:text-2xl",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-3 [&_ol]:pl-6",
  "[&_li]:pl-1 marker:text-brass",
  "[&_a]:font-semibold [&_a]:text-brass [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brass-dark",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-ink [&_code]:break-words",
].join(" ");

/**
 * A privacy policy or terms page: the page's one h1 with its effective date, a table of
 * contents, then each section with its h2, in a readable measure.
 */
export function LegalDocument({
  title,
  effectiveDate,
  text,
}: {
  title: string;
  /** ISO date (YYYY-MM-DD) and how it is written, e.g. "November 22, 2026". */
  effectiveDate: { iso: string; label: string };
  text: LegalText;
}) {
  const { intro, sections } = text(useLegalCompany());
  return (
    <>
      <PageHero eyebrow="Legal" title={title}>
        <p>{intro}</p>
        <p className="mt-4 text-base text-muted">
          Effective date: <time dateTime={effectiveDate.iso}>{effectiveDate.label}</time>
        </p>
      </PageHero>

      <Container className="py-12 sm:py-16 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav
          aria-labelledby="legal-contents-heading"
          className="rounded-(--radius-card) border border-stone-200 bg-white p-6 shadow-(--shadow-card) sm:p-8 lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto lg:p-6"
        >
          <h2
            id="legal-contents-heading"
            className="font-sans text-sm font-semibold uppercase tracking-widest text-brass"
          >
            Contents
          </h2>
          <ol className="mt-4 grid list-decimal gap-x-10 gap-y-2 pl-6 leading-snug text-ink-soft marker:text-muted sm:grid-cols-2 lg:grid-cols-1 lg:gap-y-2.5 lg:text-[0.9375rem]">
            {sections.map((section) => (
              <li key={section.id} className="pl-1">
                <a
                  href={`#${section.id}`}
                  className="underline decoration-stone-300 underline-offset-4 hover:text-ink hover:decoration-brass"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-4 max-w-[44rem] text-[1.0625rem] leading-8 text-ink-soft lg:mt-0">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="render-when-visible border-b border-stone-200 py-10 last:border-b-0 sm:py-12 lg:first:pt-0"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl leading-tight sm:text-3xl">
                <span
                  aria-hidden="true"
                  className="mr-3 font-sans text-base font-semibold text-brass"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                {section.title}
              </h2>
              <div className={PROSE}>{section.content}</div>
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}

/** Label and explanation pairs (parameters, cookies), readable on a phone without a table. */
export function LegalTermList({
  items,
}: {
  items: { term: React.ReactNode; description: React.ReactNode }[];
}) {
  return (
    <DescriptionList
      items={items}
      classes={{
        list: "mt-6 divide-y divide-stone-200 rounded-(--radius-card) border border-stone-200 bg-white",
        item: "px-5 py-4 sm:px-6",
        term: "font-semibold leading-7 text-ink",
        description: "mt-1 leading-7",
      }}
    />
  );
}

/** The company's postal and e-mail address as the settings hold them. */
function LegalContactCard() {
  const company = useLegalCompany();
  return (
    <address className="mt-6 rounded-(--radius-card) border border-stone-200 bg-white px-6 py-5 not-italic leading-8 shadow-(--shadow-card)">
      <strong>{company.name}</strong>
      <br />
      {company.streetAddress}
      <br />
      {company.addressLocality}, {company.addressRegion} {company.postalCode}
      <br />
      E-mail: <a href={`mailto:${company.email}`}>{company.email}</a>
      <br />
      Phone: <a href={telHref(company.phone)}>{company.phone}</a>
    </address>
  );
}

/** The closing section of a legal document: how to reach us, after a line of its own. */
export function legalContactSection(lead: string): LegalSection {
  return {
    id: "contact-us",
    title: "How to contact us",
    content: (
      <>
        <p>{lead}</p>
        <LegalContactCard />
      </>
    ),
  };
}
