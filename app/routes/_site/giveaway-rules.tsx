import { Link } from "react-router";
import type { Route } from "./+types/giveaway-rules";
import { POST_PROSE } from "~/components/site/blog";
import { Container } from "~/components/ui/container";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { findPublicGiveaway } from "~/modules/giveaways/giveaway-entries.server";
import { publicGiveawayTime } from "~/modules/giveaways/giveaway-phase";
import { runtimeContext } from "~/modules/platform/context";
import { pageMeta } from "~/modules/seo/meta";

/**
 * /giveaway/rules (docs/REQUIREMENTS.md R15.2): the official rules of the giveaway
 * /giveaway shows (the one running, else the next, else the latest), as staff wrote them in
 * Markdown.
 */

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Giveaway Official Rules",
    description:
      "The official rules of our bathroom giveaway: who may enter, how to enter, the dates, the prize, how the winner is drawn and contacted.",
    keywords: [
      "giveaway official rules",
      "sweepstakes rules",
      "bathroom giveaway rules",
      "no purchase necessary",
      "giveaway eligibility",
    ],
    image: "/og/giveaway.png",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const giveaway = await findPublicGiveaway(db);
  if (!giveaway) return { giveaway: null };
  return {
    giveaway: {
      title: giveaway.title,
      startsAt: publicGiveawayTime(giveaway.startsAt),
      endsAt: publicGiveawayTime(giveaway.endsAt),
      html: renderMarkdown(giveaway.rulesMarkdown, { siteOrigin: config.publicUrl.origin }),
    },
  };
}

export default function GiveawayRules({ loaderData }: Route.ComponentProps) {
  const { giveaway } = loaderData;
  return (
    <section aria-labelledby="rules-heading" className="bg-white py-12 sm:py-16">
      <Container className="flex max-w-3xl flex-col gap-6">
        <h1 id="rules-heading" className="text-4xl sm:text-5xl">
          Official Rules
        </h1>
        {giveaway ? (
          <>
            {/* The rules' own headings come one level down (renderMarkdown), under this one. */}
            <h2 className="text-2xl">{giveaway.title}</h2>
            <p className="text-lg text-ink-soft">
              Entries from {giveaway.startsAt} to {giveaway.endsAt}.
            </p>
            <div className={POST_PROSE} dangerouslySetInnerHTML={{ __html: giveaway.html }} />
          </>
        ) : (
          <p className="text-lg text-ink-soft">There is no giveaway at the moment.</p>
        )}
        <Link to="/giveaway" className="self-start underline">
          Back to the giveaway
        </Link>
      </Container>
    </section>
  );
}
