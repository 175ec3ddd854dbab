import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/giveaway";
import { GiveawayEntryForm } from "~/components/site/giveaway-entry-form";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import {
  findPublicGiveaway,
  publicWinnerName,
  submitGiveawayEntry,
  type EntryOutcome,
} from "~/modules/giveaways/giveaway-entries.server";
import { ENTRY_ANSWERS, type EntryActionResult } from "~/modules/giveaways/giveaway-entry-fields";
import { giveawayPhase, publicGiveawayTime } from "~/modules/giveaways/giveaway-phase";
import { entryRequestFromForm } from "~/modules/giveaways/giveaway-request.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { loadResponsiveImages } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { minutesText } from "~/modules/platform/strings";
import { pageMeta } from "~/modules/seo/meta";

/**
 * /giveaway (docs/REQUIREMENTS.md R15.2): the giveaway running now with its entry form;
 * before it opens, when it opens; after it ends, that it has ended (and who won, as a
 * first name and initial). An entry answers with a redirect to this page's confirmation.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Bathroom Giveaway",
    description:
      "Enter our bathroom giveaway for a chance to win. One free entry per person; see the prize, the closing date and the official rules.",
    keywords: [
      "bathroom giveaway",
      "bathroom remodel sweepstakes",
      "win a bathroom makeover",
      "home improvement giveaway",
      "Massachusetts giveaway",
      "free bathroom remodel contest",
    ],
    image: "/og/giveaway.png",
    // The confirmation is the same page after an entry: one address for search engines.
    canonicalPath: "/giveaway",
  });

/** What the confirmation says: entered now, or entered before. */
const CONFIRMATIONS = ["entered", "already"] as const;
type Confirmation = (typeof CONFIRMATIONS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const now = new Date();
  const giveaway = await findPublicGiveaway(db, now);
  const entered = new URL(request.url).searchParams.get("entered");
  const confirmation = CONFIRMATIONS.find((value) => value === entered) as Confirmation | undefined;
  if (!giveaway) return { giveaway: null, confirmation };
  const phase = giveawayPhase(giveaway, now);
  const images = giveaway.imageId
    ? await loadResponsiveImages(db, [{ id: giveaway.imageId, alt: giveaway.prize }])
    : undefined;
  return {
    confirmation,
    // This page is never shared from the page cache, so its form's token can be its own.
    formToken: issueFormToken(config.authSecret),
    giveaway: {
      id: giveaway.id,
      title: giveaway.title,
      prize: giveaway.prize,
      description: giveaway.description,
      phase,
      startsAt: publicGiveawayTime(giveaway.startsAt),
      endsAt: publicGiveawayTime(giveaway.endsAt),
      image: giveaway.imageId ? images?.get(giveaway.imageId) : undefined,
      winner: phase === "ended" ? await publicWinnerName(db, giveaway) : undefined,
    },
  };
}

const statusOf = {
  invalid: 422,
  stale_form: 422,
  rate_limited: 429,
  not_open: 409,
  unavailable: 503,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData(); // Not a form: answered like an empty one.
  }
  const giveaway = await findPublicGiveaway(runtime.db);
  const entry = entryRequestFromForm(giveaway?.id ?? 0, form, request, context);
  const outcome: EntryOutcome = giveaway
    ? await submitGiveawayEntry(
        { database: runtime.database, logger: runtime.logger, secret: runtime.config.authSecret },
        entry,
      )
    : { kind: "not_open" };
  // Post/Redirect/Get: spam is thanked like a person, and stored nowhere.
  if (outcome.kind === "entered" || outcome.kind === "spam") {
    return redirect("/giveaway?entered=entered", 303);
  }
  if (outcome.kind === "already_entered") return redirect("/giveaway?entered=already", 303);
  const formToken =
    outcome.kind === "stale_form" ? issueFormToken(runtime.config.authSecret) : entry.formToken;
  const result: EntryActionResult =
    outcome.kind === "invalid"
      ? { values: entry.values, errors: outcome.errors, formToken }
      : { values: entry.values, formError: formErrorOf(outcome), formToken };
  const headers: HeadersInit =
    outcome.kind === "rate_limited"
      ? { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) }
      : {};
  return data(result, { status: statusOf[outcome.kind], headers });
}

function formErrorOf(outcome: EntryOutcome): string {
  switch (outcome.kind) {
    case "rate_limited":
      return ENTRY_ANSWERS.rateLimited.replace("{minutes}", minutesText(outcome.retryAfterMs));
    case "stale_form":
      return ENTRY_ANSWERS.staleForm;
    case "not_open":
      return ENTRY_ANSWERS.notOpen;
    default:
      return ENTRY_ANSWERS.unavailable;
  }
}

/** A refused post says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const merged = new Headers(loaderHeaders);
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
};

export default function GiveawayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { giveaway, confirmation } = loaderData;
  if (!giveaway) {
    return (
      <PageFrame title="Giveaways">
        <p className="max-w-prose text-lg text-ink-soft">
          There is no giveaway running right now. Check back soon, or follow us for the next one.
        </p>
        <Link to="/bathrooms" className={`${buttonClasses("secondary")} self-start`}>
          See our bathrooms
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={giveaway.title}>
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-4">
          {giveaway.image && (
            <ResponsiveImage
              image={giveaway.image}
              sizes="(min-width: 1024px) 50vw, 100vw"
              priority
              imgClassName="w-full rounded-(--radius-card) object-cover"
            />
          )}
          <p className="text-sm font-semibold uppercase tracking-wide text-brass-dark">The prize</p>
          <p className="text-2xl font-semibold">{giveaway.prize}</p>
          <p className="whitespace-pre-line text-ink-soft">{giveaway.description}</p>
          <p className="flex items-center gap-2 text-sm text-ink-soft">
            <Icon name="calendar-clock" className="size-5" />
            {giveaway.phase === "upcoming"
              ? `Opens ${giveaway.startsAt}`
              : giveaway.phase === "open"
                ? `Enter by ${giveaway.endsAt}`
                : `Ended ${giveaway.endsAt}`}
          </p>
          <Link to="/giveaway/rules" className="self-start text-sm underline">
            Official rules
          </Link>
        </div>
        <div>
          {confirmation ? (
            <EntryConfirmation kind={confirmation} endsAt={giveaway.endsAt} />
          ) : giveaway.phase === "open" ? (
            <GiveawayEntryForm
              formToken={loaderData.formToken ?? ""}
              result={actionData && "values" in actionData ? actionData : undefined}
            />
          ) : giveaway.phase === "upcoming" ? (
            <Notice title="Opening soon">
              Entries open {giveaway.startsAt}. Come back then to enter.
            </Notice>
          ) : (
            <Notice title="This giveaway has ended">
              {giveaway.winner
                ? `Thank you to everyone who entered. Congratulations to our winner, ${giveaway.winner}!`
                : "Thank you to everyone who entered. The winner will be drawn and contacted soon."}
            </Notice>
          )}
        </div>
      </div>
    </PageFrame>
  );
}

function PageFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="giveaway-heading" className="bg-stone-100 py-12 sm:py-16">
      <Container className="flex max-w-5xl flex-col gap-8">
        <h1 id="giveaway-heading" className="text-4xl sm:text-5xl">
          {title}
        </h1>
        {children}
      </Container>
    </section>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-(--radius-card) bg-white p-5 shadow-(--shadow-card) sm:p-8">
      <h2 className="text-2xl">{title}</h2>
      <p className="text-ink-soft">{children}</p>
    </div>
  );
}

function EntryConfirmation({ kind, endsAt }: { kind: Confirmation; endsAt: string }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-(--radius-card) bg-white p-5 shadow-(--shadow-card) sm:p-8"
    >
      <h2 className="flex items-center gap-2 text-2xl">
        <Icon name="circle-check" className="size-6 text-brass" />
        {kind === "entered" ? "You're entered!" : "You're already entered"}
      </h2>
      <p className="text-ink-soft">
        {kind === "entered"
          ? `Thank you for entering. The giveaway closes ${endsAt}; we contact the winner by e-mail and phone.`
          : ENTRY_ANSWERS.alreadyEntered}
      </p>
    </div>
  );
}
