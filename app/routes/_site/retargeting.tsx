import type { Route } from "./+types/retargeting";
import { ConsultationActions } from "~/components/site/call-to-action";
import { CheckList } from "~/components/site/feature-list";
import { heroImagePreload, ImageHero } from "~/components/site/page-hero";
import { ReviewList } from "~/components/site/review-card";
import { projectsClaim, ratingClaim, useCompany } from "~/components/site/use-site";
import { Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { runtimeContext } from "~/modules/platform/context";
import { listPublishedReviews } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Welcome Back: Your Free Heated Floor Is Waiting",
    description:
      "Still planning your new bathroom? Book your free design consultation this month and we add a heated floor to your full bathroom remodel at no cost.",
    noindex: true,
  });

export const links: Route.LinksFunction = () => [heroImagePreload(DEMO_IMAGES["double-vanity"])];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { reviews: await listPublishedReviews(db, { limit: 2, minRating: 5 }) };
}

const INCLUDED = [
  "A designer at your home or in our showroom, with samples",
  "Measurements and a 3D drawing of your finished bathroom",
  "One fixed written price, valid for 30 days",
  "A schedule: most bathrooms are built in one to two weeks",
];

export default function Retargeting({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  // Each figure only once staff have set it: a new company makes no claim.
  const rating = ratingClaim(company);
  const projects = projectsClaim(company);
  return (
    <>
      <ImageHero
        headingId="welcome-heading"
        eyebrow="Returning visitor offer"
        offerIcon="flame"
        title="Welcome back. Your free heated floor is waiting."
        intro="Still picturing that new bathroom? Book your free design consultation this month and we will add radiant floor heating to your full remodel at no cost. Warm tile on cold New England mornings, on us."
        image={DEMO_IMAGES["double-vanity"]}
        actions={<ConsultationActions quoteLabel="Book My Free Consultation" />}
      />

      <Section
        tone="plain"
        labelledBy="included-heading"
        containerClassName="grid gap-10 lg:grid-cols-2"
      >
        <div>
          <SectionHeader
            id="included-heading"
            eyebrow="Your consultation"
            title="What you get, free and without obligation"
          />
          <CheckList
            items={INCLUDED}
            icon="circle-check"
            classes={{ list: "flex flex-col gap-4", item: "flex gap-3 text-lg text-ink-soft" }}
          />
          <p className="mt-6 text-sm text-muted">
            Heated floor offer: electric radiant heating under the tiled floor area of a full
            bathroom remodel with a contract price of $15,000 or more, for consultations booked this
            calendar month. Cannot be combined with other offers.
          </p>
        </div>
        <div className="flex flex-col gap-6">
          <h2 className="flex items-center gap-3 text-2xl">
            <Icon name="star" className="size-6 fill-brass text-brass" />
            {rating
              ? `${rating.value} out of 5 from ${rating.count} reviews`
              : "What customers say"}
          </h2>
          <ReviewList reviews={loaderData.reviews} className="flex flex-col gap-6" />
          {projects && (
            <p className="text-ink-soft">
              Over {projects} bathrooms built since {company.foundedYear}.
            </p>
          )}
        </div>
      </Section>
    </>
  );
}
