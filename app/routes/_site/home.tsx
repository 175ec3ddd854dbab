import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ConsultationActions, FinancingButton } from "~/components/site/call-to-action";
import { FaqSection } from "~/components/site/faq-section";
import { HydrateLater } from "~/components/site/hydrate-later";
import { ArrowLink, StatList, StepColumns } from "~/components/site/page-blocks";
import { OpeningHoursList } from "~/components/site/opening-hours";
import { heroImagePreload, HeroHighlights, ImageHero } from "~/components/site/page-hero";
import { ReviewList } from "~/components/site/review-card";
import { projectsClaim, ratingClaim, useCompany } from "~/components/site/use-site";
import { buttonClasses } from "~/components/ui/button";
import type { FaqItem } from "~/components/ui/faq";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { featuredReviewsLoader } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { HOME_SEO } from "~/modules/seo/named-pages/home";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) => pageMeta(args, HOME_SEO);

export const links: Route.LinksFunction = () => [heroImagePreload(DEMO_IMAGES["home-hero"])];

export const loader = featuredReviewsLoader;

const SERVICES = [
  {
    icon: "bath" as const,
    title: "Complete bathroom remodels",
    text: "Primary suites, guest baths and powder rooms taken down to the studs and rebuilt with proper waterproofing, ventilation and lighting.",
    to: "/bathrooms",
    image: DEMO_IMAGES["double-vanity"],
  },
  {
    icon: "sparkles" as const,
    title: "Walk-in showers and tub replacements",
    text: "Curbless showers, frameless glass, soaking tubs and steam showers, sized for your room and planned around your plumbing.",
    to: "/bathrooms",
    image: DEMO_IMAGES["walk-in-shower"],
  },
  {
    icon: "shield-check" as const,
    title: "Safe, accessible bathrooms",
    text: "Low thresholds, benches, handheld showers and grab bars that look like towel bars, so the room works for every age.",
    to: "/bathrooms",
    image: DEMO_IMAGES["accessible-bath"],
  },
  {
    icon: "building-complex" as const,
    title: "Commercial restrooms",
    text: "Offices, restaurants, clinics and rental units renovated on nights and weekends, to code and on schedule.",
    to: "/commercial-jobs",
    image: DEMO_IMAGES["commercial-restroom"],
  },
];

const PROCESS = [
  {
    icon: "calendar-check" as const,
    title: "Free design consultation",
    text: "At your home or in our Quincy showroom. We measure, listen, and talk budget openly.",
  },
  {
    icon: "pencil-ruler" as const,
    title: "3D design and a fixed price",
    text: "You see the finished room before work starts, and sign one written price that covers everything in it.",
  },
  {
    icon: "clipboard-list" as const,
    title: "Permits and materials",
    text: "We pull the permits and order every tile and fixture before demolition, so there are no gaps mid-project.",
  },
  {
    icon: "hard-hat" as const,
    title: "Built by our own crews",
    text: "Most bathrooms take one to two weeks. One project manager, daily updates, and a clean site every evening.",
  },
  {
    icon: "star" as const,
    title: "Walkthrough and warranty",
    text: "We go through every detail with you and stand behind our workmanship in writing.",
  },
];

const FAQ: FaqItem[] = [
  {
    question: "How much does a bathroom remodel cost?",
    answer:
      "Most full bathroom remodels we build in New England fall between $25,000 and $60,000, depending on size, layout changes and finishes. After the free consultation you receive a fixed written price, so the number you sign is the number you pay unless you change the plan.",
  },
  {
    question: "How long will my bathroom be out of use?",
    answer:
      "Typically one to two weeks of work on site for a full remodel, after permits and materials are in. We order everything before demolition starts so the room is not left waiting for a part.",
  },
  {
    question: "Do you handle permits and inspections?",
    answer:
      "Yes. We pull the building and plumbing permits, schedule the inspections and meet the inspectors. Condominium board paperwork is part of the service too.",
  },
  {
    question: "Which areas do you serve?",
    answer:
      "Greater Boston and the South Shore every day, and projects throughout Massachusetts, Rhode Island, New Hampshire, Connecticut, Vermont and Maine, within about 300 km of Boston.",
  },
  {
    question: "Can I finance my new bathroom?",
    answer:
      "Yes. You can check your pre-approval online in a few minutes without affecting your credit score; financing is provided by a third-party lender and is subject to credit approval.",
  },
  {
    question: "Can I see materials before I decide?",
    answer:
      "Visit our Quincy showroom to see and touch tile, stone, vanities, glass and fixtures, or ask your designer to bring samples to your consultation.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  // Each figure only once staff have set it: a new company makes no claim.
  const projects = projectsClaim(company);
  const rating = ratingClaim(company);

  return (
    <>
      <ImageHero
        eyebrow={<>New England&apos;s bathroom specialists since {company.foundedYear}</>}
        title="Your new bathroom, designed and built by one team"
        intro={
          <>
            From the first sketch to the last tile, {company.name} plans, prices and builds your
            bathroom with our own designers and crews, at one fixed written price.
          </>
        }
        image={DEMO_IMAGES["home-hero"]}
        actions={<ConsultationActions />}
      >
        <HeroHighlights />
      </ImageHero>

      <HydrateLater>
        <Section tone="plain" labelledBy="services-heading">
          <SectionHeader
            id="services-heading"
            eyebrow="What we build"
            title="Bathrooms for the way you live"
          >
            Every project is designed around your room, your routine and your budget, and built by
            the people who designed it.
          </SectionHeader>
          <ul className="grid gap-6 sm:grid-cols-2">
            {SERVICES.map((service) => (
              <li key={service.title}>
                <Card className="flex h-full flex-col gap-4 overflow-hidden p-0 sm:p-0">
                  <ResponsiveImage image={service.image} sizes="(min-width: 640px) 50vw, 100vw" />
                  <div className="flex flex-1 flex-col gap-3 p-6 pt-2">
                    <h3 className="flex items-center gap-3 text-2xl">
                      <Icon name={service.icon} className="size-6 shrink-0 text-brass" />
                      {service.title}
                    </h3>
                    <p className="flex-1 leading-relaxed text-ink-soft">{service.text}</p>
                    <Link
                      to={service.to}
                      data-track="service_interest"
                      data-service={service.title}
                      className="inline-flex items-center gap-2 font-semibold text-brass hover:text-brass-dark"
                    >
                      Learn more
                      <span className="sr-only"> about {service.title.toLowerCase()}</span>
                      <Icon name="arrow-right" className="size-4" />
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </Section>

        <Section tone="ink" labelledBy="trust-heading">
          <SectionHeader
            id="trust-heading"
            eyebrow="Why homeowners choose us"
            title="Proven, one bathroom at a time"
            invert
          >
            A family business that has done nothing but bathrooms for almost three decades.
          </SectionHeader>
          <StatList
            className="grid gap-8 sm:grid-cols-3"
            stats={[
              ...(projects
                ? [
                    {
                      label: `Projects completed since ${company.foundedYear}`,
                      value: `${projects}+`,
                    },
                  ]
                : []),
              ...(rating
                ? [
                    {
                      label: `Average rating from ${rating.count} reviews`,
                      value: `${rating.value}/5`,
                    },
                  ]
                : []),
              { label: "Project manager from design to walkthrough", value: 1 },
            ]}
          />
        </Section>

        <Section tone="white" labelledBy="process-heading">
          <SectionHeader
            id="process-heading"
            eyebrow="How it works"
            title="Design-build, in five clear steps"
          >
            One team is responsible for the design, the price and the build, so nothing falls
            between a designer, a contractor and a plumber.
          </SectionHeader>
          <StepColumns steps={PROCESS} className="grid gap-6 md:grid-cols-5" />
        </Section>

        <Section
          tone="stone"
          labelledBy="showroom-heading"
          containerClassName="grid items-center gap-10 lg:grid-cols-2"
        >
          <ResponsiveImage
            image={DEMO_IMAGES["quincy-showroom"]}
            sizes="(min-width: 1024px) 50vw, 100vw"
            imgClassName="rounded-(--radius-card)"
          />
          <div>
            <SectionHeader
              id="showroom-heading"
              eyebrow="Visit us"
              title={`The ${company.addressLocality} Showroom`}
            >
              See full-size shower displays, touch tile and stone, open vanity drawers and try the
              fixtures. Bring your measurements and leave with a plan.
            </SectionHeader>
            <div className="flex flex-col gap-4 text-ink-soft">
              <p className="flex gap-3">
                <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-brass" />
                <span>
                  {company.streetAddress}, {company.addressLocality}, {company.addressRegion}{" "}
                  {company.postalCode}
                </span>
              </p>
              <OpeningHoursList className="flex flex-col gap-1 pl-8" />
              <a
                href="#contact"
                data-track="quote_request"
                className={buttonClasses("primary", "lg", "self-start")}
              >
                Book a Showroom Visit
              </a>
            </div>
          </div>
        </Section>

        <Section
          tone="white"
          labelledBy="financing-heading"
          containerClassName="grid items-center gap-10 lg:grid-cols-[1fr_auto]"
        >
          <div>
            <SectionHeader
              id="financing-heading"
              eyebrow="Financing"
              title="Start now, pay over time"
            >
              Spread the cost of your new bathroom with monthly payments. Checking your pre-approval
              takes a few minutes and does not affect your credit score. Financing is provided by a
              third-party lender, subject to credit approval.
            </SectionHeader>
          </div>
          <div className="flex flex-col gap-3">
            <FinancingButton />
          </div>
        </Section>

        <Section tone="plain" labelledBy="reviews-heading">
          <SectionHeader
            id="reviews-heading"
            eyebrow="Reviews"
            title={rating ? `Rated ${rating.value} out of 5 by homeowners` : "What homeowners say"}
          >
            {rating
              ? `${rating.count} reviews and counting. Here is what a few recent customers said.`
              : "Here is what a few recent customers said."}
          </SectionHeader>
          {loaderData.reviews.length > 0 ? (
            <ReviewList reviews={loaderData.reviews} className="grid gap-6 md:grid-cols-3" />
          ) : (
            <p className="text-ink-soft">Reviews will appear here as customers leave them.</p>
          )}
          <ArrowLink to="/reviews" className="mt-8 text-brass hover:text-brass-dark">
            Read all reviews
          </ArrowLink>
        </Section>

        <FaqSection tone="white" title="Frequently asked questions" items={FAQ} />
      </HydrateLater>
    </>
  );
}
