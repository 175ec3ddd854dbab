import type { Route } from "./+types/about-us";
import { CtaBand } from "~/components/site/cta-band";
import { ConsultationActions } from "~/components/site/call-to-action";
import { FaqSection } from "~/components/site/faq-section";
import { FeatureCards, FeatureRows } from "~/components/site/feature-list";
import { ArrowLink, StatList } from "~/components/site/page-blocks";
import { OpeningHoursList } from "~/components/site/opening-hours";
import { heroImagePreload, ImageHero } from "~/components/site/page-hero";
import { projectsClaim, ratingClaim, useCompany } from "~/components/site/use-site";
import { buttonClasses } from "~/components/ui/button";
import type { FaqItem } from "~/components/ui/faq";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import type { PublicCompany } from "~/modules/settings/public-company";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { pageMeta } from "~/modules/seo/meta";
import { ABOUT_US_SEO } from "~/modules/seo/named-pages/about-us";
import { telHref } from "~/modules/settings/format";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) => pageMeta(args, ABOUT_US_SEO);

export const links: Route.LinksFunction = () => [heroImagePreload(DEMO_IMAGES["quincy-showroom"])];

const VALUES = [
  {
    icon: "users" as const,
    title: "One team, design to build",
    text: "The designer who measures your room works side by side with the project manager and crew who build it. When a question comes up on site, the answer is one phone call away.",
  },
  {
    icon: "file-text" as const,
    title: "Fixed, written prices",
    text: "You sign one price that lists everything in the room. If we open a wall and find something nobody could have seen, such as a rotted subfloor, we show you and price the repair in writing before we do it.",
  },
  {
    icon: "sparkles" as const,
    title: "Clean sites",
    text: "Floor protection from the door to the bathroom, dust barriers, and a swept, tidy site at the end of every day. You are still living in your home while we work.",
  },
  {
    icon: "house" as const,
    title: "Respect for older New England houses",
    text: "Plaster walls, cast-iron drains, floors that are far from level: we plan for them rather than fight them, and follow lead-safe work practices in homes built before 1978.",
  },
];

const TEAM = [
  {
    icon: "pencil-ruler" as const,
    title: "Designers",
    text: "Measure your room, listen to how you use it, and turn that into a 3D design, material selections and a fixed price.",
  },
  {
    icon: "hard-hat" as const,
    title: "Project managers",
    text: "Your one point of contact from the signed design to the final walkthrough: schedules, permits, inspections and daily updates.",
  },
  {
    icon: "hammer" as const,
    title: "Our own tile setters",
    text: "Employed by us, not hired by the job. They prepare and waterproof the walls and floors and set every tile.",
  },
  {
    icon: "wrench" as const,
    title: "Licensed plumbers and electricians",
    text: "On our own team, so the valves, drains, circuits, fans and lighting are done to code and ready for inspection.",
  },
];

const STATES = [
  {
    name: "Massachusetts",
    note: "Greater Boston and the South Shore every day, and most of the state",
  },
  { name: "Rhode Island", note: "Throughout the state" },
  { name: "New Hampshire", note: "The Seacoast, Manchester, Nashua, Concord and beyond" },
  { name: "Connecticut", note: "Most of the state" },
  { name: "Vermont", note: "Southern and central Vermont" },
  { name: "Maine", note: "Southern Maine and the Portland area" },
];

/** "about 300 km (190 miles)" from the service radius in settings. */
function serviceRadius(meters: number): string {
  const km = Math.round(meters / 1000);
  const miles = Math.round(meters / 1609.344 / 10) * 10;
  return `about ${km} km (${miles} miles)`;
}

function aboutFaq(company: PublicCompany): FaqItem[] {
  return [
    {
      question: `Is ${company.name} a family business?`,
      answer: `Yes. It was started in ${company.addressLocality} in ${company.foundedYear} by a tile setter and a designer, and the family still runs it. Our designers, project managers, tile setters, plumbers and electricians are our own team.`,
    },
    {
      question: "Who will actually work in my home?",
      answer:
        "Your designer, your project manager, and our own tile setters, licensed plumbers and electricians. Shower glass and stone counters are made to our measurements by specialist fabricators and installed under your project manager's supervision.",
    },
    {
      question: "Do I have to visit the showroom?",
      answer: `No. Most consultations happen in your home, where we can measure the room. The ${company.addressLocality} showroom is there if you want to see and touch tile, vanities, glass and fixtures before you decide.`,
    },
    {
      question: "How far do you travel?",
      answer: `We work within ${serviceRadius(company.serviceRadiusMeters)} of Boston: most of Massachusetts, Rhode Island, New Hampshire and Connecticut, and parts of Vermont and Maine.`,
    },
    {
      question: "Do you work on older and historic houses?",
      answer:
        "Often. Much of New England's housing is decades or centuries old. We expect plaster, old drains and uneven floors, plan for them in the design and price, and follow lead-safe work practices in homes built before 1978.",
    },
  ];
}

export default function AboutUs() {
  const company = useCompany();
  // Each figure only once staff have set it: a new company makes no claim.
  const projects = projectsClaim(company);
  const rating = ratingClaim(company);
  const faq = aboutFaq(company);

  return (
    <>
      <ImageHero
        eyebrow={<>About {company.name}</>}
        title={<>A family business building bathrooms since {company.foundedYear}</>}
        intro={
          <>
            We started with one tile setter, one van and a kitchen-table office in{" "}
            {company.addressLocality}. {projects ? `Over ${projects} projects later, w` : "W"}e
            still do one thing: design and build bathrooms, with our own people, at a price you know
            in advance.
          </>
        }
        image={DEMO_IMAGES["quincy-showroom"]}
        actions={<ConsultationActions wrap />}
      />

      <Section tone="plain" labelledBy="story-heading" containerClassName="max-w-3xl">
        <SectionHeader id="story-heading" eyebrow="Our story" title="How it started" />
        <div className="flex flex-col gap-5 text-lg leading-relaxed text-ink-soft">
          <p>
            In {company.foundedYear}, Tom Whitaker was a tile setter on the South Shore who kept
            getting the same phone call: a bathroom left half-finished, a contractor who had moved
            on, a plumber who would not come back. His wife Ellen, who drew plans for a local
            architect, began sketching the rooms before Tom built them.
          </p>
          <p>
            Their customers liked having one number to call, one price on paper and one team that
            finished the job. Word spread from neighbor to neighbor, and that small crew grew into{" "}
            {company.name}: designers, project managers and our own tradespeople, working from a
            showroom in {company.addressLocality}.
          </p>
          <p>
            We have never tried to be everything. No kitchens, no additions, no roofs. Just
            bathrooms, done properly, for homeowners, landlords and businesses across New England.
          </p>
        </div>
      </Section>

      <Section tone="ink" labelledBy="numbers-heading">
        <SectionHeader
          id="numbers-heading"
          eyebrow="By the numbers"
          title="Trusted by New England homeowners"
          invert
        >
          The figures behind the family business, kept up to date.
        </SectionHeader>
        <StatList
          className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4"
          stats={[
            { label: "The year the family business began", value: company.foundedYear },
            ...(projects ? [{ label: "Projects completed", value: `${projects}+` }] : []),
            ...(rating
              ? [
                  {
                    label: `Average rating from ${rating.count} reviews`,
                    value: `${rating.value}/5`,
                  },
                ]
              : []),
            { label: "New England states we work in", value: 6 },
          ]}
        />
        <ArrowLink to="/reviews" className="mt-10 text-brass-light hover:text-white">
          Read what our customers say
        </ArrowLink>
      </Section>

      <Section tone="white" labelledBy="values-heading">
        <SectionHeader id="values-heading" eyebrow="What we believe" title="How we work, and why">
          Four promises we have kept since the first bathroom, and still keep on every project.
        </SectionHeader>
        <FeatureCards
          items={VALUES}
          className="grid gap-6 sm:grid-cols-2"
          headingClassName="text-2xl"
        />
      </Section>

      <Section
        tone="stone"
        labelledBy="team-heading"
        containerClassName="grid items-start gap-10 lg:grid-cols-2 lg:gap-14"
      >
        <div>
          <SectionHeader
            id="team-heading"
            eyebrow="Our team"
            title="The people who build your bathroom"
          >
            The people who design, manage and build your bathroom work for us, so the quality of
            your room does not depend on which subcontractor was free that week.
          </SectionHeader>
          <ResponsiveImage
            image={DEMO_IMAGES["design-consultation"]}
            sizes="(min-width: 1024px) 50vw, 100vw"
            imgClassName="rounded-(--radius-card)"
          />
        </div>
        <FeatureRows
          items={TEAM}
          className="flex flex-col gap-8 lg:pt-4"
          headingClassName="text-2xl"
        />
      </Section>

      <Section
        tone="white"
        labelledBy="showroom-heading"
        containerClassName="grid gap-10 lg:grid-cols-2 lg:gap-14"
      >
        <div>
          <SectionHeader
            id="showroom-heading"
            eyebrow="Visit us"
            title={`Our ${company.addressLocality} showroom`}
          >
            Full-size shower displays, tile and stone you can touch, vanity drawers you can open and
            fixtures you can try. Bring your measurements or a few photos and sit down with a
            designer.
          </SectionHeader>
          <a href="#contact" data-track="quote_request" className={buttonClasses("primary", "lg")}>
            Book a Showroom Visit
          </a>
        </div>
        <Card className="flex flex-col gap-6">
          <div className="flex gap-3">
            <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-brass" />
            <div>
              <h3 className="font-sans text-lg font-semibold">Address</h3>
              <address className="not-italic leading-relaxed text-ink-soft">
                {company.name}
                <br />
                {company.streetAddress}
                <br />
                {company.addressLocality}, {company.addressRegion} {company.postalCode}
              </address>
            </div>
          </div>
          <div className="flex gap-3">
            <Icon name="clock" className="mt-1 size-5 shrink-0 text-brass" />
            <div>
              <h3 className="font-sans text-lg font-semibold">Opening hours</h3>
              <OpeningHoursList className="leading-relaxed text-ink-soft" />
            </div>
          </div>
          <div className="flex gap-3">
            <Icon name="phone" className="mt-1 size-5 shrink-0 text-brass" />
            <div>
              <h3 className="font-sans text-lg font-semibold">Phone</h3>
              <a
                href={telHref(company.phone)}
                className="text-ink-soft underline hover:text-brass-dark"
              >
                {company.phone}
              </a>
            </div>
          </div>
        </Card>
      </Section>

      <Section tone="plain" labelledBy="area-heading">
        <SectionHeader id="area-heading" eyebrow="Service area" title="Where we work">
          We take on projects within {serviceRadius(company.serviceRadiusMeters)} of Boston, across
          six New England states. Not sure whether you are inside the area? Call us and ask.
        </SectionHeader>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {STATES.map((state) => (
            <li
              key={state.name}
              className="flex gap-3 rounded-(--radius-card) border border-stone-200 bg-white p-5"
            >
              <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-sage" />
              <div>
                <h3 className="text-xl">{state.name}</h3>
                <p className="mt-1 leading-relaxed text-ink-soft">{state.note}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <FaqSection tone="white" title="About us, answered" items={faq} />

      <CtaBand id="about-cta-heading" title="Come and meet us">
        Book a free consultation at home, or visit the {company.addressLocality} showroom and see
        our work up close.
      </CtaBand>
    </>
  );
}
