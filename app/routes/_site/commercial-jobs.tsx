import { Link } from "react-router";
import type { Route } from "./+types/commercial-jobs";
import { CtaBand } from "~/components/site/cta-band";
import { ConsultationActions } from "~/components/site/call-to-action";
import { FaqSection } from "~/components/site/faq-section";
import { CheckList, FeatureCards, FeatureRows } from "~/components/site/feature-list";
import { heroImagePreload, HeroHighlights, ImageHero } from "~/components/site/page-hero";
import type { FaqItem } from "~/components/ui/faq";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { pageMeta } from "~/modules/seo/meta";
import { COMMERCIAL_JOBS_SEO } from "~/modules/seo/named-pages/commercial-jobs";

export const meta: Route.MetaFunction = (args) => pageMeta(args, COMMERCIAL_JOBS_SEO);

export const links: Route.LinksFunction = () => [
  heroImagePreload(DEMO_IMAGES["commercial-restroom"]),
];

const HERO = {
  eyebrow: "Commercial and rental properties",
  title: "Commercial bathroom remodeling that keeps your doors open",
  intro:
    "Restrooms for offices, restaurants, clinics and shops, and bathrooms in rental units, rebuilt on nights, weekends or in phases, to accessibility code, with one project manager from the site walk to the final inspection.",
};

const CLIENTS = [
  {
    icon: "briefcase" as const,
    title: "Offices",
    text: "Staff and visitor restrooms rebuilt over weekends, so Monday morning starts with working facilities.",
  },
  {
    icon: "utensils-crossed" as const,
    title: "Restaurants and cafés",
    text: "Guest restrooms that survive a busy Saturday night, with work scheduled between closing and opening.",
  },
  {
    icon: "stethoscope" as const,
    title: "Medical and dental clinics",
    text: "Patient restrooms with accessible layouts and smooth, wipe-clean surfaces, built around your appointment schedule.",
  },
  {
    icon: "store" as const,
    title: "Retail stores",
    text: "Customer and staff restrooms finished to match your brand, without closing the sales floor.",
  },
  {
    icon: "key-round" as const,
    title: "Landlords",
    text: "Bathrooms in apartments and rental houses renewed between tenants, or in occupied units with proper notice.",
  },
  {
    icon: "building" as const,
    title: "Property managers",
    text: "Common-area restrooms and multi-unit programs with standard finishes, one schedule and one point of contact.",
  },
];

const SCHEDULING = [
  {
    icon: "moon" as const,
    title: "Nights and weekends",
    text: "Demolition and noisy work happen while you are closed. Quieter finishing work can continue during the day if you prefer.",
  },
  {
    icon: "calendar-clock" as const,
    title: "Phased work",
    text: "With two or more restrooms, we renovate one at a time so the others stay open. With only one, we plan the shortest possible closure and can arrange temporary facilities.",
  },
  {
    icon: "sparkles" as const,
    title: "Open and clean every morning",
    text: "Each shift ends with dust barriers checked, floors swept, materials stored out of the way and every open restroom fully working.",
  },
  {
    icon: "megaphone" as const,
    title: "Notices written for you",
    text: "We give you the dates and wording for staff, tenant and customer notices well before work starts.",
  },
];

const ACCESSIBILITY_DETAILS = [
  "A clear turning space of 60 inches for a wheelchair",
  "Grab bars 33 to 36 inches above the floor, with blocking behind them",
  "Toilet seat heights of 17 to 19 inches",
  "Knee clearance under sinks, with the pipes underneath covered",
  "Door clearances and lever hardware that opens without tight grasping",
  "Mirrors, dispensers and signage placed within reach ranges",
];

const INSPECTION_STEPS = [
  "We confirm with your local building department which requirements apply to your scope.",
  "We pull the building, plumbing and electrical permits.",
  "We schedule and attend the inspections, and fix anything an inspector asks for.",
  "You receive the sign-offs, product information and warranty in one closeout package.",
];

const MATERIALS = [
  {
    icon: "layers" as const,
    title: "Porcelain tile and epoxy grout",
    text: "Dense porcelain that does not absorb water, with grout that resists stains and harsh cleaners.",
  },
  {
    icon: "toilet" as const,
    title: "Wall-hung fixtures",
    text: "Toilets, urinals and sinks mounted off the floor, so the whole floor can be mopped in one pass.",
  },
  {
    icon: "hand" as const,
    title: "Touch-free operation",
    text: "Sensor faucets, flush valves and dispensers that cut down on shared touch points and wasted water.",
  },
  {
    icon: "shield-check" as const,
    title: "Solid partitions",
    text: "Phenolic or solid plastic partitions that stand up to moisture, scratches and graffiti.",
  },
  {
    icon: "spray-can" as const,
    title: "Easy-clean details",
    text: "Cove base where floor meets wall, floor drains where they are required, and fewer ledges for dirt to collect.",
  },
  {
    icon: "wrench" as const,
    title: "Serviceable installations",
    text: "Commercial-grade fixtures with shut-off valves and access panels your maintenance staff can reach.",
  },
];

const PROGRAM = [
  "Two or three standard finish packages, chosen once and repeated unit by unit",
  "A fixed written price for each package, so you can budget a whole building",
  "Work timed to the gap between leases, or in occupied units with notice to tenants",
  "The same fixtures and parts in every unit, so repairs are faster and spares are simpler",
  "Before and after photos of every unit for your records",
];

const PROCESS = [
  {
    icon: "ruler" as const,
    title: "Site walk",
    text: "At a time that suits your business. We measure, look at the plumbing and note any accessibility or code questions.",
  },
  {
    icon: "clipboard-list" as const,
    title: "Scope, schedule and fixed price",
    text: "Drawings, material selections, a schedule built around your hours and one written price for all of it.",
  },
  {
    icon: "file-check" as const,
    title: "Permits and ordering",
    text: "We pull the permits and order fixtures and partitions early, so lead times never hold up the work.",
  },
  {
    icon: "hard-hat" as const,
    title: "Build on your schedule",
    text: "Our own crews work the agreed hours. Your project manager reports progress to you at the end of every shift.",
  },
  {
    icon: "clipboard-check" as const,
    title: "Inspection and handover",
    text: "Final inspections, a walkthrough with you and the closeout package with warranties and product details.",
  },
];

const FAQ: FaqItem[] = [
  {
    question: "Can you work while my business is closed?",
    answer:
      "Yes. Most commercial restrooms we renovate are built on nights, weekends or in phases, and that schedule is agreed in writing before work starts. Every shift ends with the site clean and every open restroom working.",
  },
  {
    question: "Will the new restroom meet accessibility requirements?",
    answer:
      "We design and build to the accessibility rules that apply to your building and scope, including the 2010 ADA Standards and, in Massachusetts, the Architectural Access Board regulations (521 CMR). We confirm the requirements with your building department at the start and work with your architect when a project needs one.",
  },
  {
    question: "I am a landlord with one rental unit. Is that a commercial job?",
    answer:
      "We welcome single units. When you request a consultation, choose Rental (Renting unit, I'm a landlord) as the project type, and we will plan the work around your tenants or the gap between leases.",
  },
  {
    question: "Can you renovate bathrooms across several units or buildings?",
    answer:
      "Yes. For property managers we set up a program: standard finish packages, a fixed price per package, a rolling schedule and one project manager for the whole portfolio.",
  },
  {
    question: "How is commercial work priced?",
    answer:
      "After a site walk you receive a fixed written price for the agreed scope and schedule. After-hours and weekend work is included in that price, so there are no premiums added later.",
  },
  {
    question: "Do you provide a certificate of insurance?",
    answer:
      "Yes. We send a certificate of insurance naming your business, building owner or management company before work starts, along with any paperwork your landlord or association requires.",
  },
];

export default function CommercialJobs() {
  return (
    <>
      <ImageHero
        {...HERO}
        image={DEMO_IMAGES["commercial-restroom"]}
        actions={<ConsultationActions wrap />}
      >
        <HeroHighlights extra={{ icon: "moon", text: "After-hours and weekend crews" }} />
      </ImageHero>

      <Section tone="plain" labelledBy="clients-heading">
        <SectionHeader
          id="clients-heading"
          eyebrow="Who we work for"
          title="Restrooms for businesses, bathrooms for rental units"
        >
          The same designers, project managers and crews who build our residential bathrooms, with
          schedules and materials suited to buildings that never really close.
        </SectionHeader>
        <FeatureCards items={CLIENTS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-8 max-w-3xl leading-relaxed text-ink-soft">
          When you request a consultation, choose <strong>Rental</strong> as the project type for
          bathrooms in units you rent out, or <strong>Commercial</strong> for business premises, and
          the right project manager will call you back. Remodeling your own home instead?{" "}
          <Link
            to="/bathrooms"
            className="font-semibold text-brass underline hover:text-brass-dark"
          >
            See our residential bathroom remodeling
          </Link>
          .
        </p>
      </Section>

      <Section
        tone="white"
        labelledBy="scheduling-heading"
        containerClassName="grid lg:grid-cols-[2fr_3fr] lg:gap-14"
      >
        <SectionHeader
          id="scheduling-heading"
          eyebrow="Scheduling"
          title="Built around your business hours"
        >
          Your customers, patients and tenants should notice the new restroom, not the construction.
          We agree the working hours with you before we price the job.
        </SectionHeader>
        <FeatureRows items={SCHEDULING} className="flex flex-col gap-6" small textGap="gap-1" />
      </Section>

      <Section tone="stone" labelledBy="accessibility-heading">
        <SectionHeader
          id="accessibility-heading"
          eyebrow="Accessibility and code"
          title="Accessible, to code and inspected"
        >
          Renovating a public restroom usually brings accessibility requirements with it. We lay out
          every restroom to the standards that apply to your building, including the 2010 ADA
          Standards and, in Massachusetts, the Architectural Access Board regulations (521 CMR), and
          we work with your architect when the project calls for one.
        </SectionHeader>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="flex flex-col gap-4">
            <h3 className="text-2xl">Accessibility details we build in</h3>
            <CheckList
              items={ACCESSIBILITY_DETAILS}
              classes={{
                list: "flex flex-col gap-3",
                item: "flex gap-3 leading-relaxed text-ink-soft",
              }}
            />
          </Card>
          <Card className="flex flex-col gap-4">
            <h3 className="text-2xl">Permits and inspections, handled</h3>
            <ol className="flex flex-col gap-3">
              {INSPECTION_STEPS.map((step, index) => (
                <li key={step} className="flex gap-3 leading-relaxed text-ink-soft">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-semibold text-white"
                  >
                    {index + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <p className="mt-8 max-w-3xl text-sm leading-relaxed text-muted">
          The examples above are common requirements, not a complete list. Which rules apply depends
          on your building, its use and the scope of work.
        </p>
      </Section>

      <Section tone="white" labelledBy="materials-heading">
        <SectionHeader
          id="materials-heading"
          eyebrow="Materials"
          title="Durable, easy to clean, easy to maintain"
        >
          Commercial restrooms take more traffic in a week than most home bathrooms see in a year.
          We specify materials your cleaning and maintenance staff will thank you for.
        </SectionHeader>
        <FeatureRows
          items={MATERIALS}
          className="grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3"
        />
      </Section>

      <Section tone="ink" labelledBy="program-heading">
        <SectionHeader
          id="program-heading"
          eyebrow="For property managers"
          title="Multi-unit bathroom programs"
          invert
        >
          Renovating bathrooms across a building or a portfolio works best as a program rather than
          a string of separate jobs.
        </SectionHeader>
        <CheckList
          items={PROGRAM}
          classes={{
            list: "grid gap-x-10 gap-y-5 md:grid-cols-2",
            item: "flex gap-3 text-lg leading-relaxed text-stone-200",
            icon: "mt-1.5 size-5 shrink-0 text-brass-light",
          }}
        />
      </Section>

      <Section tone="plain" labelledBy="process-heading">
        <SectionHeader
          id="process-heading"
          eyebrow="How it works"
          title="One process, one point of contact"
        >
          One project manager answers your calls, coordinates our designers, tile setters, plumbers
          and electricians, and reports to you. No chasing separate trades.
        </SectionHeader>
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-start lg:gap-14">
          <ResponsiveImage
            image={DEMO_IMAGES["design-consultation"]}
            sizes="(min-width: 1024px) 40vw, 100vw"
            imgClassName="rounded-(--radius-card)"
          />
          <FeatureRows items={PROCESS} className="flex flex-col gap-6" textGap="gap-1" numbered />
        </div>
      </Section>

      <FaqSection tone="white" title="Commercial and rental questions, answered" items={FAQ} />

      <CtaBand id="commercial-cta-heading" title="Plan your restroom renovation">
        Tell us about your building and your hours. We will walk the site and send you a fixed
        written price and a schedule that keeps you open.
      </CtaBand>
    </>
  );
}
