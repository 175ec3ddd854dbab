import { useState } from "react";
import type { Route } from "./+types/visualizer";
import { ConsultationForm } from "~/components/site/consultation-form";
import { PageHero } from "~/components/site/page-hero";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { useCompany } from "~/components/site/use-site";
import { Container } from "~/components/ui/container";
import { BathroomScene } from "~/components/visualizer/bathroom-scene";
import { DesignPicker } from "~/components/visualizer/design-picker";
import { ShareDesign } from "~/components/visualizer/share-design";
import type { VisualizerCategory } from "~/db/schema/marketing";
import { runtimeContext } from "~/modules/platform/context";
import { pageMeta } from "~/modules/seo/meta";
import { VISUALIZER_SEO } from "~/modules/seo/named-pages/visualizer";
import { parseCookie } from "cookie";
import { PhotoRedraw } from "~/components/visualizer/photo-redraw";
import { loadActiveCatalogue } from "~/modules/visualizer/catalogue.server";
import { PHOTO_MESSAGES } from "~/modules/visualizer/photo.server";
import {
  RENDER_MESSAGES,
  RENDER_VISITOR_COOKIE,
  renderStatus,
} from "~/modules/visualizer/renders.server";
import {
  designKeys,
  designQuery,
  keysOf,
  resolveDesign,
  VISUALIZER_PATH,
  type Catalogue,
} from "~/modules/visualizer/design";

/**
 * The bathroom visualizer (docs/REQUIREMENTS.md R15.5): choose tile, vanity, fixtures,
 * shower and paint and see the room change; the address is the share link, and the design
 * can travel with a consultation request. Without JavaScript the choices are a GET form
 * the server answers with the scene redrawn.
 */

/** The page carries its own request form, with the design in it. */
export const handle: SiteRouteHandle = { hideContactSection: true };

export const meta: Route.MetaFunction = (args) => pageMeta(args, VISUALIZER_SEO);

/** Messages a page sent back without JavaScript may show: ours only, never the address's text. */
const PHOTO_ANSWERS = new Set<string>([
  ...Object.values(PHOTO_MESSAGES),
  ...Object.values(RENDER_MESSAGES),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const catalogue = await loadActiveCatalogue(db);
  const photoRedraw = Boolean(config.visualizerProvider);
  const renderId = params.get("render");
  const render =
    photoRedraw && renderId
      ? await renderStatus(
          db,
          renderId,
          parseCookie(request.headers.get("cookie") ?? "")[RENDER_VISITOR_COOKIE],
        )
      : undefined;
  const photoError = params.get("photoError");
  return {
    catalogue,
    requested: designKeys(params),
    pageUrl: new URL(VISUALIZER_PATH, config.publicUrl).toString(),
    photoRedraw,
    render: render ?? null,
    photoError: photoError && PHOTO_ANSWERS.has(photoError) ? photoError : null,
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function VisualizerPage({ loaderData }: Route.ComponentProps) {
  const { catalogue, requested, pageUrl } = loaderData;
  return (
    <>
      <PageHero eyebrow="Bathroom visualizer" title="Design your new bathroom">
        <p>
          Choose tile, a vanity, the fixtures&rsquo; finish, a shower and a paint color, and see the
          room change as you go. Share the design with a link, or send it to us with a free
          consultation request and your designer will have it ready.
        </p>
      </PageHero>
      <Visualizer
        key={designQuery(requested)}
        catalogue={catalogue}
        requested={requested}
        pageUrl={pageUrl}
        photo={loaderData}
      />
    </>
  );
}

function Visualizer({
  catalogue,
  requested,
  pageUrl,
  photo,
}: {
  catalogue: Catalogue;
  requested: ReturnType<typeof designKeys>;
  pageUrl: string;
  photo: Pick<LoaderData, "photoRedraw" | "render" | "photoError">;
}) {
  const company = useCompany();
  const [keys, setKeys] = useState(requested);
  const design = resolveDesign(catalogue, keys);

  if (!design) {
    return (
      <section className="py-16">
        <Container>
          <p className="text-lg text-ink-soft">
            The visualizer&rsquo;s choices are being updated. Please call us at {company.phone} and
            a designer will talk you through our tile, vanities and showers.
          </p>
        </Container>
      </section>
    );
  }

  const query = designQuery(keysOf(design));
  const link = `${pageUrl}?${query}`;
  const choose = (category: VisualizerCategory, key: string) => {
    const next = { ...keysOf(design), [category]: key };
    setKeys(next);
    // The address stays the share link, without a reload or a new history entry.
    window.history.replaceState(
      window.history.state,
      "",
      `${VISUALIZER_PATH}?${designQuery(next)}`,
    );
  };

  return (
    <>
      <section aria-labelledby="visualizer-heading" className="bg-stone-50 py-10 sm:py-14">
        <Container className="grid items-start gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
          <div className="flex flex-col gap-4 lg:sticky lg:top-28">
            <h2 id="visualizer-heading" className="sr-only">
              Your design
            </h2>
            <BathroomScene
              design={design}
              className="w-full rounded-(--radius-card) bg-white shadow-(--shadow-card)"
            />
            <ShareDesign link={link} />
          </div>
          <form
            method="get"
            action={VISUALIZER_PATH}
            aria-label="Choose your design"
            onSubmit={(event) => event.preventDefault()}
          >
            <DesignPicker catalogue={catalogue} design={design} onChoose={choose} />
            <NoScriptSubmit />
          </form>
        </Container>
      </section>
      {photo.photoRedraw && (
        <PhotoRedraw
          design={keysOf(design)}
          initial={photo.render}
          initialError={photo.photoError}
          pagePath={`${VISUALIZER_PATH}?${query}${photo.render ? `&render=${photo.render.id}` : ""}#photo`}
        />
      )}
      <section
        id="contact"
        aria-labelledby="visualizer-request-heading"
        className="scroll-mt-28 border-t border-stone-200 bg-stone-100 py-12 sm:py-16"
      >
        <Container className="grid max-w-4xl gap-6">
          <div className="flex flex-col gap-3">
            <h2 id="visualizer-request-heading" className="text-3xl sm:text-4xl">
              Send this design with a consultation request
            </h2>
            <p className="max-w-prose text-lg text-ink-soft">
              Your choices travel with the request, so your designer can bring samples of them to
              your free consultation.
            </p>
          </div>
          <ConsultationForm
            company={company}
            idPrefix="visualizer-request"
            visualizerDesign={query}
          />
        </Container>
      </section>
    </>
  );
}

/** Without JavaScript the choices are sent to the server, which draws them. */
function NoScriptSubmit() {
  return (
    <noscript>
      <button type="submit" className="mt-6 rounded-full bg-ink px-5 py-3 font-semibold text-white">
        Show my design
      </button>
    </noscript>
  );
}
