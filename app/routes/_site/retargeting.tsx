import type { Route } from "./+types/retargeting";
import { ReviewCard } from "~/components/site/review-card";
import { formatCount, useCompany } from "~/components/site/use-site";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { imagePreload, ResponsiveImage } from "~/components/ui/responsive-image";
import { Section, SectionHeader } from "~/components/ui/section";
import { DEMO_IMAGES } from "~/modules/media/demo-images.generated";
import { runtimeContext } from "~/modules/platform/context";
import { listPublishedReviews } from "~/modules/reviews/reviews.server";
import { pageMeta } from "~/modules/seo/meta";
import { telHref } from "~/modules/settings/format";
import { Icon } from "~/components/ui/icon";

const HERO_SIZES = "(min-width: 1024px) 50vw, 100vw";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Welcome Back: Your Free Heated Floor Is Waiting",
    description:
      "Still planning your new bathroom? Book your free design consultation this month and we add a heated floor to your full bathroom remodel at no cost.",
    noindex: true,
  });

export const links: Route.LinksFunction = () => [
  imagePreload(DEMO_IMAGES["double-vanity"], HERO_SIZES),
];

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
  return (
    <>
      <section aria-labelledby="welcome-heading" className="bg-white">
        <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div className="flex flex-col gap-6">
            <p className="inline-flex items-center gap-2 self-start rounded-full bg-brass-light px-4 py-1.5 text-sm font-semibold text-brass-dark">
              <Icon name="flame" className="size-4" />
              Returning visitor offer
            </p>
            <h1 id="welcome-heading" className="text-4xl leading-tight sm:text-5xl">
              Welcome back. Your free heated floor is waiting.
            </h1>
            <p className="text-lg leading-relaxed text-ink-soft sm:text-xl">
              Still picturing that new bathroom? Book your free design consultation this month and
              we will add radiant floor heating to your full remodel at no cost. Warm tile on cold
              New England mornings, on us.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <a href="#contact" className={buttonClasses("primary", "lg")}>
                Book My Free Consultation
              </a>
              <a href={telHref(company.phone)} className={buttonClasses("secondary", "lg")}>
                Call {company.phone}
              </a>
            </div>
          </div>
          <ResponsiveImage
            image={DEMO_IMAGES["double-vanity"]}
            sizes={HERO_SIZES}
            priority
            imgClassName="rounded-(--radius-card) shadow-(--shadow-card)"
          />
        </Container>
      </section>

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
          <ul className="flex flex-col gap-4">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-3 text-lg text-ink-soft">
                <Icon name="circle-check" className="mt-1 size-5 shrink-0 text-sage" />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted">
            Heated floor offer: electric radiant heating under the tiled floor area of a full
            bathroom remodel with a contract price of $15,000 or more, for consultations booked this
            calendar month. Cannot be combined with other offers.
          </p>
        </div>
        <div className="flex flex-col gap-6">
          <h2 className="flex items-center gap-3 text-2xl">
            <Icon name="star" className="size-6 fill-brass text-brass" />
            {company.ratingValue} out of 5 from {formatCount(company.ratingCount)} reviews
          </h2>
          <ul className="flex flex-col gap-6">
            {loaderData.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <p className="text-ink-soft">
            Over {formatCount(company.projectsCount)} bathrooms built since {company.foundedYear}.
          </p>
        </div>
      </Section>
    </>
  );
}
