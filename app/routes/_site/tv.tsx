import type { Route } from "./+types/tv";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { ReviewCard } from "~/components/site/review-card";
import { ConsultationForm } from "~/components/site/consultation-form";
import { formatCount, useCompany, useSiteData } from "~/components/site/use-site";
import { SOURCE } from "~/modules/leads/lead-options";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { imagePreload, ResponsiveImage } from "~/components/ui/responsive-image";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { runtimeContext } from "~/modules/platform/context";
import { listPublishedReviews } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { formatOpeningHours, telHref } from "~/modules/settings/format";
import { Icon } from "~/components/ui/icon";

/** TV viewers get their own request section instead of the shared one (SPEC). */
export const handle: SiteRouteHandle = { hideContactSection: true };

const HERO_SIZES = "(min-width: 1024px) 50vw, 100vw";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "As Seen on TV: $1,000 Off Your New Bathroom",
    description:
      "Saw us on TV? Book a free in-home design consultation and take $1,000 off a full bathroom remodel. Fixed written price, our own crews, rated 4.9 out of 5.",
    keywords: [
      "bathroom remodel TV offer",
      "bathroom remodeling deal Boston",
      "free bathroom design consultation",
      "walk-in shower offer Massachusetts",
    ],
    image: "/og/tv.png",
  });

export const links: Route.LinksFunction = () => [
  imagePreload(DEMO_IMAGES["soaking-tub-detail"], HERO_SIZES),
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { reviews: await listPublishedReviews(db, { limit: 3, minRating: 5 }) };
}

const REASONS = [
  {
    icon: "calendar-check" as const,
    title: "A free design consultation",
    text: "A designer measures your room, shows you materials and talks budget openly. No obligation.",
  },
  {
    icon: "shield-check" as const,
    title: "One fixed written price",
    text: "You see a 3D design of the finished room and sign one price that covers everything in it.",
  },
  {
    icon: "clock" as const,
    title: "Done in one to two weeks",
    text: "Everything is ordered before we start, and our own crews build it with one project manager.",
  },
];

export default function TvLanding({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  const { formToken } = useSiteData();
  return (
    <>
      <section aria-labelledby="tv-heading" className="bg-white">
        <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div className="flex flex-col gap-6">
            <p className="inline-flex items-center gap-2 self-start rounded-full bg-brass-light px-4 py-1.5 text-sm font-semibold text-brass-dark">
              <Icon name="badge-percent" className="size-4" />
              TV viewer offer
            </p>
            <h1 id="tv-heading" className="text-4xl leading-tight sm:text-5xl">
              As seen on TV: $1,000 off your new bathroom
            </h1>
            <p className="text-lg leading-relaxed text-ink-soft sm:text-xl">
              Thanks for tuning in. Book your free design consultation and we will take $1,000 off
              any full bathroom remodel you sign for at that consultation.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <a href={telHref(company.phone)} className={buttonClasses("primary", "lg")}>
                <Icon name="phone" className="size-5" />
                Call {company.phone}
              </a>
              <a href="#tv-request" className={buttonClasses("secondary", "lg")}>
                Claim the TV Offer
              </a>
            </div>
            <p className="inline-flex items-center gap-2 text-sm font-semibold text-ink-soft">
              <Icon name="star" className="size-4 fill-brass text-brass" />
              {company.ratingValue} out of 5 from {formatCount(company.ratingCount)} reviews · over{" "}
              {formatCount(company.projectsCount)} projects since {company.foundedYear}
            </p>
          </div>
          <ResponsiveImage
            image={DEMO_IMAGES["soaking-tub-detail"]}
            sizes={HERO_SIZES}
            priority
            imgClassName="rounded-(--radius-card) shadow-(--shadow-card)"
          />
        </Container>
      </section>

      <Section tone="plain" labelledBy="tv-reasons-heading">
        <SectionHeader
          id="tv-reasons-heading"
          eyebrow="What you get"
          title="Everything the ad promised, in writing"
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason.title}>
              <Card className="flex h-full flex-col gap-3">
                <Icon name={reason.icon} className="size-8 text-brass" />
                <h3 className="text-2xl">{reason.title}</h3>
                <p className="leading-relaxed text-ink-soft">{reason.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      {loaderData.reviews.length > 0 && (
        <Section tone="white" labelledBy="tv-reviews-heading">
          <SectionHeader
            id="tv-reviews-heading"
            eyebrow="Reviews"
            title="Homeowners who called after the ad"
          />
          <ul className="grid gap-6 md:grid-cols-3">
            {loaderData.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        tone="stone"
        id="tv-request"
        labelledBy="tv-request-heading"
        containerClassName="grid gap-10 lg:grid-cols-2"
      >
        <div>
          <SectionHeader
            id="tv-request-heading"
            eyebrow="Claim your offer"
            title="Book your free consultation"
          >
            Call us and mention the TV offer, or request a call back below. A design consultant will
            set up a time that suits you, at home or in our {company.addressLocality} showroom.
          </SectionHeader>
          <a href={telHref(company.phone)} className={buttonClasses("primary", "lg")}>
            <Icon name="phone" className="size-5" />
            Call Now {company.phone}
          </a>
          <Card className="mt-8">
            <h3 className="text-xl">When to call</h3>
            <ul className="mt-3 flex flex-col gap-1 text-ink-soft">
              {company.openingHours.map((entry) => (
                <li key={entry.days.join()}>{formatOpeningHours(entry)}</li>
              ))}
            </ul>
            <h3 className="mt-6 text-xl">Offer terms</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-soft">
              $1,000 off a full bathroom remodel with a contract price of $15,000 or more, signed at
              or within 14 days of your design consultation. One offer per household; cannot be
              combined with other offers; not valid on previous contracts. Financing, if chosen, is
              provided by a third-party lender subject to credit approval.
            </p>
          </Card>
        </div>
        <ConsultationForm
          company={company}
          formToken={formToken}
          idPrefix="tv-lead"
          defaultSource={SOURCE.tv}
        />
      </Section>
    </>
  );
}
