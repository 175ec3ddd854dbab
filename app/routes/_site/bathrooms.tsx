import { Link } from "react-router";
import type { Route } from "./+types/bathrooms";
import { CtaBand } from "~/components/site/cta-band";
import { ConsultationActions, FinancingButton } from "~/components/site/call-to-action";
import { FaqSection } from "~/components/site/faq-section";
import { FeatureCards, FeatureRows } from "~/components/site/feature-list";
import { StepColumns } from "~/components/site/page-blocks";
import { heroImagePreload, HeroHighlights, ImageHero } from "~/components/site/page-hero";
import { formatCount, useCompany } from "~/components/site/use-site";
import type { FaqItem } from "~/components/ui/faq";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { pageMeta } from "~/modules/seo/meta";
import { BATHROOMS_SEO } from "~/modules/seo/named-pages/bathrooms";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) => pageMeta(args, BATHROOMS_SEO);

export const links: Route.LinksFunction = () => [heroImagePreload(DEMO_IMAGES["walk-in-shower"])];

const HERO = {
  eyebrow: "Bathroom remodeling in Boston & New England",
  title: "Bathroom remodeling, from bare studs to the last tile",
  intro:
    "Walk-in showers, soaking tubs, custom vanities and tile, designed by our designers, built by our own crews and priced in writing before any work starts.",
};

const INCLUDED = [
  {
    icon: "hammer" as const,
    title: "Protection and demolition",
    text: "Floor protection and dust barriers from the door to the bathroom, removal of the old room down to the studs where needed, and every piece hauled away.",
  },
  {
    icon: "wrench" as const,
    title: "Plumbing and electrical",
    text: "Our licensed plumbers and electricians replace old valves and supply lines, move drains when the layout changes, and add the protected circuits today's code requires.",
  },
  {
    icon: "droplets" as const,
    title: "Waterproofing system",
    text: "A continuous membrane behind the tile in the shower and across the floor, with the shower pan flood-tested before a single tile is set.",
  },
  {
    icon: "wind" as const,
    title: "Ventilation",
    text: "A quiet exhaust fan sized for the room and ducted to the outside, not into the attic, so moisture leaves instead of feeding mold.",
  },
  {
    icon: "sparkles" as const,
    title: "Tile",
    text: "Floors, walls and shower set by our own tile setters on flat, properly prepared surfaces, then grouted, sealed and caulked.",
  },
  {
    icon: "shower-head" as const,
    title: "Fixtures",
    text: "Vanity, sinks, toilet, faucets, shower valve and trim installed, connected and tested for leaks and pressure.",
  },
  {
    icon: "gem" as const,
    title: "Shower glass",
    text: "Frameless or low-profile glass measured after the tile is set, so doors and panels fit exactly.",
  },
  {
    icon: "lightbulb" as const,
    title: "Lighting",
    text: "Layered light: an overhead fixture, vanity lights at face height, and shower or niche lighting on dimmers where it makes sense.",
  },
  {
    icon: "paint-roller" as const,
    title: "Finishing",
    text: "Drywall, trim, paint, mirrors and accessories, a final clean, and a walkthrough of every detail with your project manager.",
  },
];

const ROOM_TYPES = [
  {
    icon: "bath" as const,
    title: "Primary suites",
    text: "Double vanities, a generous walk-in shower, a freestanding tub if you want one, and storage planned around two people getting ready at the same time.",
  },
  {
    icon: "users" as const,
    title: "Guest and hall baths",
    text: "Hard-wearing, easy-to-clean rooms for children and visitors, often keeping a tub and shower combination for bath time.",
  },
  {
    icon: "door-open" as const,
    title: "Powder rooms",
    text: "Small rooms where a statement tile, a compact vanity and good light make a big difference. Usually our quickest projects.",
  },
  {
    icon: "accessibility" as const,
    title: "Accessible and aging-in-place baths",
    text: "Step-free showers, a built-in bench, a handheld shower on a slide bar, and solid blocking in the walls for grab bars now or later.",
  },
  {
    icon: "building" as const,
    title: "Condominium bathrooms",
    text: "We work to your association's rules: certificates of insurance, approved work hours, elevator bookings, and water shut-off notices for neighbors.",
  },
];

const OPTIONS = [
  {
    icon: "shower-head" as const,
    title: "Curbless showers",
    text: "The floor is recessed or sloped to a linear drain so you walk straight in, with no step to catch a toe.",
  },
  {
    icon: "bath" as const,
    title: "Soaking tubs",
    text: "Freestanding or built-in. We check the floor framing and your water heater's capacity before we recommend a size.",
  },
  {
    icon: "cloud" as const,
    title: "Steam showers",
    text: "A sealed, vapor-proof enclosure with a sloped ceiling so condensation runs off, and the generator placed where it can be serviced.",
  },
  {
    icon: "thermometer" as const,
    title: "Heated floors",
    text: "An electric radiant mat under the tile with a programmable thermostat: warm feet on a January morning.",
  },
  {
    icon: "ruler" as const,
    title: "Custom vanities",
    text: "Built to the inch for your room, with drawers that fit what you keep in them, wall-hung or furniture-style.",
  },
  {
    icon: "lightbulb" as const,
    title: "Niche and accent lighting",
    text: "Wet-location LED strips in shower niches and a soft under-vanity glow that works as a night light.",
  },
];

const MATERIALS = [
  {
    title: "Tile and stone",
    text: "Porcelain for durability and low upkeep, large-format slabs for fewer grout lines, handmade-look ceramic, and natural marble or slate, sealed properly.",
  },
  {
    title: "Counters",
    text: "Quartz that shrugs off stains, natural stone with real veining, or seamless solid surface with an integrated sink.",
  },
  {
    title: "Vanities and storage",
    text: "Painted or stained wood, soft-close drawers, medicine cabinets recessed into the wall, and open shelving where it suits the room.",
  },
  {
    title: "Fixture finishes",
    text: "Polished chrome, brushed nickel, matte black or brushed brass, matched across the faucet, shower trim and accessories.",
  },
  {
    title: "Glass",
    text: "Clear or low-iron glass, frameless or with slim hardware, with an easy-clean coating available.",
  },
];

const PRICE_GUIDE: Array<{ title: string; price: [number, number]; time: string; text: string }> = [
  {
    title: "Bathroom refresh",
    price: [12_000, 25_000],
    time: "3 to 5 working days",
    text: "Same layout, plumbing where it is. New vanity, toilet and fixtures, a new tile floor or tub surround, lighting and paint.",
  },
  {
    title: "Full bathroom remodel",
    price: [25_000, 60_000],
    time: "1 to 2 weeks",
    text: "Down to the studs: new waterproofing, shower or tub, tile, vanity, ventilation, lighting and electrical, in the existing footprint or close to it.",
  },
  {
    title: "Primary suite with a layout change",
    price: [55_000, 95_000],
    time: "2 to 3 weeks",
    text: "Walls or fixtures move: a larger curbless shower, a freestanding tub, a double vanity, with options such as steam or heated floors.",
  },
];

const TIMELINE = [
  {
    icon: "calendar-check" as const,
    title: "Free consultation",
    duration: "About an hour",
    text: "At your home or in our showroom. We measure, look at what is behind the walls where we can, and talk budget openly.",
  },
  {
    icon: "pencil-ruler" as const,
    title: "Design and fixed price",
    duration: "Typically 1 to 2 weeks",
    text: "A 3D design, your material selections and one written price that covers everything in it.",
  },
  {
    icon: "clipboard-list" as const,
    title: "Permits and ordering",
    duration: "Typically 2 to 6 weeks",
    text: "We pull the permits and order every tile and fixture. Timing depends on your town and on lead times for what you choose.",
  },
  {
    icon: "hard-hat" as const,
    title: "Build",
    duration: "Typically 1 to 2 weeks on site",
    text: "Our crews work through the plan with daily updates from your project manager and a clean site every evening.",
  },
  {
    icon: "shield-check" as const,
    title: "Walkthrough and warranty",
    duration: "The last day",
    text: "We go through every detail with you, finish anything on the list, and hand over your written workmanship warranty.",
  },
];

const FAQ: FaqItem[] = [
  {
    question: "What is included in a full bathroom remodel?",
    answer:
      "Everything from protection and demolition to the final clean: plumbing and electrical, a waterproofing membrane, ventilation, tile, fixtures, shower glass, lighting, drywall, trim and paint, plus permits and inspections. Your written price lists each item, so you can see exactly what you are paying for.",
  },
  {
    question: "How much does a bathroom remodel cost in Massachusetts?",
    answer:
      "Most full bathroom remodels we build fall between $25,000 and $60,000. A refresh that keeps the layout typically costs $12,000 to $25,000, and a primary suite with a layout change typically $55,000 to $95,000. After your free consultation you receive a fixed written price.",
  },
  {
    question: "Can I use my bathroom while it is being remodeled?",
    answer:
      "Not while we work in it, which is typically one to two weeks for a full remodel. If it is your only bathroom, tell us at the consultation: we order the work to keep the out-of-service days as few as possible and tell you the dates in advance.",
  },
  {
    question: "Do I need a permit to remodel a bathroom?",
    answer:
      "Most remodels that touch plumbing, wiring or walls need permits from your town. We pull the building, plumbing and electrical permits, our licensed plumbers and electricians do that work, and we schedule and attend the inspections.",
  },
  {
    question: "Do you remodel condominium bathrooms?",
    answer:
      "Yes. We send your association our certificate of insurance, follow its work hours and elevator rules, give notice before water is shut off, and protect common hallways while we work.",
  },
  {
    question: "Can you make a bathroom safer for aging in place?",
    answer:
      "Yes. A step-free shower, a built-in bench, a handheld shower, slip-resistant tile, good lighting and grab bars that look like towel bars can all be part of the design, and we add wall blocking so more bars can be fitted later.",
  },
];

/** "$25,000–$60,000", read aloud as "$25,000 to $60,000". */
function PriceRange({ low, high }: { low: number; high: number }) {
  return (
    <>
      ${formatCount(low)}
      <span aria-hidden="true">–</span>
      <span className="sr-only"> to </span>${formatCount(high)}
    </>
  );
}

export default function Bathrooms() {
  const company = useCompany();

  return (
    <>
      <ImageHero
        {...HERO}
        image={DEMO_IMAGES["walk-in-shower"]}
        actions={<ConsultationActions wrap />}
      >
        <HeroHighlights
          extra={{ icon: "hard-hat", text: "Most full remodels: 1 to 2 weeks on site" }}
        />
      </ImageHero>

      <Section tone="plain" labelledBy="included-heading">
        <SectionHeader
          id="included-heading"
          eyebrow="What's included"
          title="Everything a full remodel needs, in one price"
        >
          A bathroom is only as good as what is behind the tile. Every full remodel we build
          includes the work you see and the work you don&apos;t.
        </SectionHeader>
        <FeatureCards items={INCLUDED} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
        <p className="mt-8 max-w-3xl leading-relaxed text-ink-soft">
          Also included: permits and inspections, ordering and delivery of every material before
          demolition, daily clean-up, and a written workmanship warranty.
        </p>
      </Section>

      <Section tone="white" labelledBy="rooms-heading">
        <SectionHeader id="rooms-heading" eyebrow="Rooms we remodel" title="Every kind of bathroom">
          From a compact powder room to a primary suite, each room has its own priorities. We design
          around the people who use it.
        </SectionHeader>
        <FeatureRows
          items={ROOM_TYPES}
          className="grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3"
        />
        <p className="mt-10 flex gap-3 leading-relaxed text-ink-soft">
          <Icon name="house" className="mt-1 size-5 shrink-0 text-brass" />
          <span>
            Renovating restrooms for a business or bathrooms in rental units?{" "}
            <Link
              to="/commercial-jobs"
              className="font-semibold text-brass underline hover:text-brass-dark"
            >
              See our commercial and landlord services
            </Link>
            .
          </span>
        </p>
      </Section>

      <Section tone="stone" labelledBy="options-heading">
        <SectionHeader
          id="options-heading"
          eyebrow="Options"
          title="Upgrades that make the room yours"
        >
          Popular additions our designers plan in from the start, so they are built properly rather
          than added later.
        </SectionHeader>
        <div className="grid gap-10 lg:grid-cols-[5fr_7fr] lg:items-start">
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
            <ResponsiveImage
              image={DEMO_IMAGES["double-vanity"]}
              sizes="(min-width: 1024px) 40vw, (min-width: 640px) 50vw, 100vw"
              imgClassName="rounded-(--radius-card)"
            />
            <ResponsiveImage
              image={DEMO_IMAGES["accessible-bath"]}
              sizes="(min-width: 1024px) 40vw, (min-width: 640px) 50vw, 100vw"
              imgClassName="rounded-(--radius-card)"
            />
          </div>
          <FeatureCards
            items={OPTIONS}
            className="grid gap-6 sm:grid-cols-2"
            cardClassName="sm:p-6"
          />
        </div>
      </Section>

      <Section
        tone="white"
        labelledBy="materials-heading"
        containerClassName="grid items-center gap-10 lg:grid-cols-2 lg:gap-14"
      >
        <div>
          <SectionHeader
            id="materials-heading"
            eyebrow="Materials and finishes"
            title="Chosen in person, built to last"
          >
            See and touch every option in our {company.addressLocality} showroom, or ask your
            designer to bring samples to your consultation.
          </SectionHeader>
          <dl className="flex flex-col gap-5">
            {MATERIALS.map((material) => (
              <div key={material.title} className="border-l-2 border-brass pl-5">
                <dt className="font-semibold text-ink">{material.title}</dt>
                <dd className="mt-1 leading-relaxed text-ink-soft">{material.text}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ResponsiveImage
          image={DEMO_IMAGES["soaking-tub-detail"]}
          sizes="(min-width: 1024px) 50vw, 100vw"
          imgClassName="rounded-(--radius-card)"
        />
      </Section>

      <Section tone="plain" labelledBy="prices-heading">
        <SectionHeader
          id="prices-heading"
          eyebrow="Price guide"
          title="What a bathroom typically costs"
        >
          Typical ranges for the projects we build, including design, permits, materials, labor and
          clean-up. Your own price depends on the size of the room, what we find behind the walls
          and the finishes you choose, and is fixed in writing after your free consultation.
        </SectionHeader>
        <ul className="grid gap-6 lg:grid-cols-3">
          {PRICE_GUIDE.map((tier) => (
            <li key={tier.title}>
              <Card className="flex h-full flex-col gap-4">
                <h3 className="text-2xl">{tier.title}</h3>
                <dl className="flex flex-col gap-3">
                  <div>
                    <dt className="text-sm font-semibold uppercase tracking-wider text-muted">
                      Typical price
                    </dt>
                    <dd className="font-serif text-3xl text-ink">
                      <PriceRange low={tier.price[0]} high={tier.price[1]} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm font-semibold uppercase tracking-wider text-muted">
                      Typical time on site
                    </dt>
                    <dd className="font-semibold text-ink-soft">{tier.time}</dd>
                  </div>
                </dl>
                <p className="leading-relaxed text-ink-soft">{tier.text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-2xl leading-relaxed text-ink-soft">
            Prefer monthly payments? Checking your pre-approval takes a few minutes and does not
            affect your credit score. Financing is provided by a third-party lender, subject to
            credit approval.
          </p>
          <FinancingButton variant="secondary" className="shrink-0" />
        </div>
      </Section>

      <Section tone="white" labelledBy="timeline-heading">
        <SectionHeader
          id="timeline-heading"
          eyebrow="Timeline"
          title="From first visit to finished room"
        >
          Most projects take five to ten weeks from the consultation to the walkthrough, and most of
          that time passes before we touch your bathroom. It stays usable until demolition day.
        </SectionHeader>
        <StepColumns
          steps={TIMELINE}
          className="grid gap-8 md:grid-cols-2 lg:grid-cols-5 lg:gap-6"
        />
      </Section>

      <FaqSection tone="plain" title="Bathroom remodeling questions, answered" items={FAQ} />

      <CtaBand id="bathrooms-cta-heading" title="Ready to plan your new bathroom?">
        Book a free consultation at home or in our {company.addressLocality} showroom. You will
        leave with ideas, a realistic budget and no obligation.
      </CtaBand>
    </>
  );
}
