import { Link } from "react-router";
import type { Route } from "./+types/thank-you";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { PhoneButton } from "~/components/site/call-to-action";
import { OpeningHoursList } from "~/components/site/opening-hours";
import { useCompany } from "~/components/site/use-site";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { ExternalLink } from "~/components/ui/external-link";
import { Card, Section, SectionHeader } from "~/components/ui/section";
import { signedThankYouValues } from "~/modules/leads/thank-you.server";
import { runtimeContext } from "~/modules/platform/context";
import { singleLine } from "~/modules/platform/text";
import { pageMeta } from "~/modules/seo/meta";
import { Icon } from "~/components/ui/icon";

/** The visitor has just asked for a consultation: no second form (docs/REQUIREMENTS.md R2.5). */
export const handle: SiteRouteHandle = { hideContactSection: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Thank You",
    description:
      "Thank you for requesting a design consultation. Here is what happens next and when a design consultant will contact you.",
    noindex: true,
  });

/** A submitted value, trimmed and kept short; never e-mail or phone. */
const displayValue = (value: string | undefined) =>
  value ? singleLine(value).slice(0, 80) || undefined : undefined;

/**
 * The page greets by name only when the server signed the values as it stored the lead;
 * any other link gets the plain thank-you, so nobody can make the page say what they like.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(runtimeContext);
  const signed = signedThankYouValues(new URL(request.url).searchParams, config.authSecret);
  return {
    firstName: displayValue(signed?.firstName),
    service: displayValue(signed?.service),
    projectType: displayValue(signed?.projectType),
  };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  const { firstName, service, projectType } = loaderData;
  const steps = [
    {
      icon: "phone-incoming" as const,
      when: "Within one business hour",
      title: "A design consultant calls you",
      text: `We call from ${company.phone} to hear about your project and answer first questions. Requests sent outside business hours are called back the next business morning.`,
    },
    {
      icon: "calendar-check" as const,
      when: "On that call",
      title: "We book your free consultation",
      text: `At your home or in our ${company.addressLocality} showroom, at a time that suits you, evenings and weekends included.`,
    },
    {
      icon: "pencil-ruler" as const,
      when: "At the consultation, about 90 minutes",
      title: "We measure, design and talk budget",
      text: "Your designer measures the room, checks plumbing and structure, and shows you materials.",
    },
    {
      icon: "circle-check" as const,
      when: "Within a week",
      title: "You receive your design and fixed price",
      text: "A 3D drawing of the finished room and one written price, valid for 30 days. No pressure to decide.",
    },
  ];

  return (
    <>
      <section
        aria-labelledby="thanks-heading"
        className="border-b border-stone-200 bg-white py-14 sm:py-20"
      >
        <Container>
          <div className="flex max-w-3xl flex-col gap-5">
            <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-sage">
              <Icon name="circle-check" className="size-5" />
              Request received
            </p>
            <h1 id="thanks-heading" className="text-4xl leading-tight sm:text-5xl">
              {firstName ? `Thank you, ${firstName}!` : "Thank you!"}
            </h1>
            <p className="text-lg leading-relaxed text-ink-soft sm:text-xl">
              Your request
              {service ? ` for ${service.toLowerCase()}` : ""}
              {projectType ? ` (${projectType.toLowerCase()} project)` : ""} is with our design
              team. Here is what happens next.
            </p>
          </div>
        </Container>
      </section>

      <Section tone="plain" labelledBy="next-steps-heading">
        <SectionHeader
          id="next-steps-heading"
          eyebrow="What happens next"
          title="From your request to your design"
        />
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card className="flex h-full flex-col gap-3">
                <Icon name={step.icon} className="size-8 text-brass" />
                <p className="text-sm font-semibold uppercase tracking-wider text-muted">
                  <span className="sr-only">Step {index + 1}, </span>
                  {step.when}
                </p>
                <h3 className="text-xl">{step.title}</h3>
                <p className="leading-relaxed text-ink-soft">{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        tone="white"
        labelledBy="meanwhile-heading"
        containerClassName="grid gap-10 lg:grid-cols-2"
      >
        <div>
          <SectionHeader
            id="meanwhile-heading"
            eyebrow="While you wait"
            title="Get ready for your consultation"
          >
            A few photos of your bathroom and rough measurements help your designer come prepared.
            Jot down what you love and what annoys you about the room today.
          </SectionHeader>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/reviews" className={buttonClasses("secondary", "lg")}>
              Read customer reviews
            </Link>
            <ExternalLink href={company.financingUrl} className={buttonClasses("secondary", "lg")}>
              Check financing options
            </ExternalLink>
          </div>
        </div>
        <Card>
          <h3 className="text-xl">Prefer to talk now?</h3>
          <p className="mt-2 text-ink-soft">Call us during business hours:</p>
          <OpeningHoursList className="mt-2 flex flex-col gap-1 text-ink-soft" />
          <PhoneButton className="mt-5" />
        </Card>
      </Section>
    </>
  );
}
