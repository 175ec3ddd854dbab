import type { Route } from "./+types/qr-generator";
import { PageHero } from "~/components/site/page-hero";
import { QrGeneratorTool } from "~/components/site/qr-generator-tool";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { pageMeta } from "~/modules/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Free QR Code Generator",
    description:
      "Make a QR code for any web address or text, in the size and colors you like, and download it as PNG or SVG. Free, no sign-up, and nothing you type leaves your browser.",
    keywords: [
      "free QR code generator",
      "QR code maker",
      "QR code PNG download",
      "QR code SVG download",
      "custom color QR code",
      "QR code for flyers",
    ],
    image: "/og/qr-generator.png",
  });

const TIPS = [
  {
    title: "Dark on light",
    text: "Many phone cameras only read dark squares on a light background. Keep the contrast strong: black, navy or deep green on white or cream.",
  },
  {
    title: "Leave a quiet margin",
    text: "The plain border around the code helps cameras find it. Do not crop it away or print text right up against it.",
  },
  {
    title: "Big enough to scan",
    text: "Print a code at least 2 cm (about 0.8 inch) wide for a flyer, and larger for a poster read from a distance. SVG stays sharp at any size.",
  },
  {
    title: "Test before you print",
    text: "Scan the finished design with two different phones before printing a whole run.",
  },
];

/** docs/REQUIREMENTS.md R15.4: a free generator that runs in the visitor's browser. */
export default function QrGenerator() {
  return (
    <>
      <PageHero eyebrow="Free tool" title="QR code generator">
        <p>
          Turn a web address or any short text into a QR code, choose its size and colors, and
          download it as PNG for print and screens or as SVG for designers. Everything happens in
          your browser: nothing you type is sent to us.
        </p>
      </PageHero>
      <Section tone="plain" labelledBy="qr-tool-heading" holdsForm>
        <h2 id="qr-tool-heading" className="mb-6 text-3xl leading-tight">
          Make your code
        </h2>
        <noscript>
          <p className="mb-6 rounded-lg border border-stone-300 bg-white px-4 py-3 text-base">
            The QR code generator draws your code in the browser, so it needs JavaScript. Switch
            JavaScript on for this site and reload the page to use it; the tips below apply to any
            QR code.
          </p>
        </noscript>
        <QrGeneratorTool />
      </Section>
      <Section tone="white" labelledBy="qr-tips-heading">
        <SectionHeader
          id="qr-tips-heading"
          eyebrow="Good to know"
          title="QR codes that scan every time"
        >
          A few habits make the difference between a code that works on every phone and one that
          frustrates your customers.
        </SectionHeader>
        <div className="grid gap-6 sm:grid-cols-2">
          {TIPS.map((tip) => (
            <Card key={tip.title}>
              <h3 className="text-xl">{tip.title}</h3>
              <p className="mt-2 text-ink-soft">{tip.text}</p>
            </Card>
          ))}
        </div>
      </Section>
    </>
  );
}
