import type { Route } from "./+types/tv";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { PhoneButton } from "~/components/site/call-to-action";
import { OpeningHoursList } from "~/components/site/opening-hours";
import { heroImagePreload, ImageHero } from "~/components/site/page-hero";
import { ReviewList } from "~/components/site/review-card";
import { ConsultationForm } from "~/components/site/consultation-form";
import { projectsClaim, ratingClaim, useCompany } from "~/components/site/use-site";
import { SOURCE } from "~/modules/leads/lead-fields";
import { buttonClasses } from "~/components/ui/button";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { featuredReviewsLoader } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { Icon } from "~/components/ui/icon";

/** TV viewers get their own request section, not the shared one (docs/REQUIREMENTS.md R2.5). */
export const handle: SiteRouteHandle = { hideContactSection: true, quoteTarget: "#tv-request" };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "As Seen on TV: $1,000 Off Your New Bathroom",
    description:
      "Saw us on TV? Book a free in-home design consultation and take $1,000 off a full bathroom remodel. Fixed written price, our own crews.",
    keywords: [
      "bathroom remodel TV offer",
      "bathroom remodeling deal Boston",
      "free bathroom design consultation",
      "walk-in shower offer Massachusetts",
    ],
    image: "/og/tv.png",
  });

export const links: Route.LinksFunction = () => [
  heroImagePreload(DEMO_IMAGES["soaking-tub-detail"]),
];

export const loader = featuredReviewsLoader;

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
  // Each figure only once staff have set it: a new company makes no claim.
  const rating = ratingClaim(company);
  const projects = projectsClaim(company);
  return (
    <>
      <ImageHero
        headingId="tv-heading"
        eyebrow="TV viewer offer"
        offerIcon="badge-percent"
        title="As seen on TV: $1,000 off your new bathroom"
        intro="Thanks for tuning in. Book your free design consultation and we will take $1,000 off any full bathroom remodel you sign for at that consultation."
        image={DEMO_IMAGES["soaking-tub-detail"]}
        actions={
          <div className="flex flex-col gap-3 sm:flex-row">
            <PhoneButton label="Call" />
            <a href="#tv-request" className={buttonClasses("secondary", "lg")}>
              Claim the TV Offer
            </a>
          </div>
        }
      >
        {(rating || projects) && (
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-ink-soft">
            <Icon name="star" className="size-4 fill-brass text-brass" />
            {[
              rating && `${rating.value} out of 5 from ${rating.count} reviews`,
              projects && `over ${projects} projects since ${company.foundedYear}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        )}
      </ImageHero>

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
          <ReviewList reviews={loaderData.reviews} className="grid gap-6 md:grid-cols-3" />
        </Section>
      )}

      <Section
        tone="stone"
        id="tv-request"
        labelledBy="tv-request-heading"
        holdsForm
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
          <PhoneButton label="Call Now" />
          <Card className="mt-8">
            <h3 className="text-xl">When to call</h3>
            <OpeningHoursList className="mt-3 flex flex-col gap-1 text-ink-soft" />
            <h3 className="mt-6 text-xl">Offer terms</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-soft">
              $1,000 off a full bathroom remodel with a contract price of $15,000 or more, signed at
              or within 14 days of your design consultation. One offer per household; cannot be
              combined with other offers; not valid on previous contracts. Financing, if chosen, is
              provided by a third-party lender subject to credit approval.
            </p>
          </Card>
        </div>
        <ConsultationForm company={company} idPrefix="tv-lead" defaultSource={SOURCE.tv} />
      </Section>
    </>
  );
}
