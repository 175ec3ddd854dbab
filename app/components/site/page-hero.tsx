import { Container } from "~/components/ui/container";
import { Icon, type IconName } from "~/components/ui/icon";
import { imagePreload, ResponsiveImage } from "~/components/ui/responsive-image";
import type { ResponsiveImageData } from "~/modules/media/image";
import { projectsClaim, ratingClaim, useCompany } from "./use-site";

/** The top of a content page: its one h1 and a short introduction. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="border-b border-stone-200 bg-white py-14 sm:py-20">
      <Container>
        <div className="flex max-w-3xl flex-col gap-5">
          {eyebrow && (
            <p className="text-sm font-semibold uppercase tracking-widest text-brass">{eyebrow}</p>
          )}
          <h1 className="text-4xl leading-tight sm:text-5xl">{title}</h1>
          {children && <div className="text-lg leading-relaxed text-ink-soft">{children}</div>}
        </div>
      </Container>
    </section>
  );
}

/** How wide the hero image is drawn: half the page beside the text, or the whole width. */
const HERO_IMAGE_SIZES = "(min-width: 1024px) 50vw, 100vw";

/** The preload hint for a hero image, so it starts loading with the document. */
export const heroImagePreload = (image: ResponsiveImageData) =>
  imagePreload(image, HERO_IMAGE_SIZES);

/**
 * The top of a marketing page: eyebrow, h1, introduction and calls to action beside the
 * main image. An offer page shows its eyebrow as a badge with an icon, in a tighter layout.
 */
export function ImageHero({
  headingId = "hero-heading",
  eyebrow,
  offerIcon,
  title,
  intro,
  image,
  actions,
  children,
}: {
  headingId?: string;
  eyebrow: React.ReactNode;
  offerIcon?: IconName;
  title: React.ReactNode;
  intro: React.ReactNode;
  image: ResponsiveImageData;
  actions: React.ReactNode;
  /** Under the calls to action: the figures that back the page up. */
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-white">
      <Container
        className={`grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 ${offerIcon ? "" : "lg:gap-14 "}lg:py-20`}
      >
        <div className="flex flex-col gap-6">
          {offerIcon ? (
            <p className="inline-flex items-center gap-2 self-start rounded-full bg-brass-light px-4 py-1.5 text-sm font-semibold text-brass-dark">
              <Icon name={offerIcon} className="size-4" />
              {eyebrow}
            </p>
          ) : (
            <p className="text-sm font-semibold uppercase tracking-widest text-brass">{eyebrow}</p>
          )}
          <h1
            id={headingId}
            className={`text-4xl leading-tight sm:text-5xl${offerIcon ? "" : " lg:text-6xl"}`}
          >
            {title}
          </h1>
          <p className="text-lg leading-relaxed text-ink-soft sm:text-xl">{intro}</p>
          {actions}
          {children}
        </div>
        <ResponsiveImage
          image={image}
          sizes={HERO_IMAGE_SIZES}
          priority
          imgClassName="rounded-(--radius-card) shadow-(--shadow-card)"
        />
      </Container>
    </section>
  );
}

/**
 * The rating and the projects count under a hero (each once staff have set it), and
 * optionally one more promise.
 */
export function HeroHighlights({ extra }: { extra?: { icon: IconName; text: string } }) {
  const company = useCompany();
  const rating = ratingClaim(company);
  const projects = projectsClaim(company);
  if (!rating && !projects && !extra) return null;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-ink-soft">
      {rating && (
        <li className="inline-flex items-center gap-2">
          <Icon name="star" className="size-4 fill-brass text-brass" />
          {rating.value} from {rating.count} reviews
        </li>
      )}
      {projects && (
        <li className="inline-flex items-center gap-2">
          <Icon name="shield-check" className="size-4 text-sage" />
          Over {projects} projects since {company.foundedYear}
        </li>
      )}
      {extra && (
        <li className="inline-flex items-center gap-2">
          <Icon name={extra.icon} className="size-4 text-sage" />
          {extra.text}
        </li>
      )}
    </ul>
  );
}
