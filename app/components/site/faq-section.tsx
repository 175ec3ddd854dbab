import { Faq, type FaqItem } from "~/components/ui/faq";
import { Section, SectionHeader } from "~/components/ui/section";
import { faqJsonLd } from "~/modules/seo/json-ld";
import { JsonLd } from "./json-ld";

/** A page's questions and answers, also given to search engines as FAQ data. */
export function FaqSection({
  tone,
  title,
  items,
}: {
  tone: "plain" | "white";
  title: string;
  items: FaqItem[];
}) {
  return (
    <Section tone={tone} labelledBy="faq-heading" containerClassName="max-w-3xl">
      <SectionHeader id="faq-heading" eyebrow="Questions" title={title} />
      <Faq items={items} />
      <JsonLd data={faqJsonLd(items)} />
    </Section>
  );
}
