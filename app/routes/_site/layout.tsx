import { useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { BotBlockScreen, useBotBlocked } from "~/components/site/bot-block-screen";
import { ContactSection } from "~/components/site/contact-section";
import { ErrorScreen } from "~/components/site/error-screen";
import { HydrateLater } from "~/components/site/hydrate-later";
import { PrivacyPanel } from "~/components/site/privacy-panel";
import type { SiteRouteHandle } from "~/components/site/route-handle";
import { SiteFooter } from "~/components/site/site-footer";
import { QUOTE_ANCHOR } from "~/components/site/navigation";
import { SiteHeader } from "~/components/site/site-header";
import { TopBar } from "~/components/site/top-bar";
import { runtimeContext } from "~/modules/platform/context";
import { STRINGS } from "~/modules/platform/strings";
import { businessJsonLd } from "~/modules/seo/json-ld";
import { JsonLd } from "~/components/site/json-ld";
import { publicCompany } from "~/modules/settings/public-company";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { LEAD_FORM_ACTION } from "~/modules/leads/lead-form-post";
import { useAttributionCapture } from "~/modules/attribution/use-attribution-capture";
import { notFoundLogMiddleware } from "~/modules/redirects/not-found-log.server";

/** Every public page's 404 to a person goes to the staff's 404 log (docs/REQUIREMENTS.md R4.12). */
export const middleware: Route.MiddlewareFunction[] = [notFoundLogMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const company = await getCompanySettings(db);
  return {
    company: publicCompany(company),
    /** Bot protection (docs/REQUIREMENTS.md R4.2): the browser shows the block screen. */
    botProtection: company.botProtection,
    year: new Date().getFullYear(),
    jsonLd: businessJsonLd(company, config.publicUrl.origin),
  };
}

/** The settings change rarely; client navigations between pages reuse them. */
export function shouldRevalidate({
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // A consultation request changes nothing the layout shows.
  if (formAction === LEAD_FORM_ACTION) return false;
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { company, year, jsonLd, botProtection } = loaderData;
  useAttributionCapture();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as SiteRouteHandle | undefined);
  const hideContact = handles.some((handle) => handle?.hideContactSection);
  const quoteHref = hideContact
    ? (handles.find((handle) => handle?.quoteTarget)?.quoteTarget ?? `/${QUOTE_ANCHOR.to}`)
    : QUOTE_ANCHOR.to;
  const blocked = useBotBlocked(botProtection);
  if (blocked) return <BotBlockScreen />;

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div id="top" />
      <TopBar company={company} />
      <SiteHeader company={company} quoteHref={quoteHref} />
      <MainContent>
        <Outlet />
      </MainContent>
      {!hideContact && <ContactSection company={company} />}
      <HydrateLater>
        <SiteFooter company={company} year={year} />
      </HydrateLater>
      <PrivacyPanel />
      <JsonLd data={jsonLd} />
    </>
  );
}

/**
 * The page body. After a client-side page change, focus moves here so screen readers
 * start reading the new page (scrolling to the top is ScrollRestoration's job).
 */
function MainContent({ children }: { children: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <main id="main" ref={main} tabIndex={-1} className="outline-none">
      {children}
    </main>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen title={STRINGS.errors.layoutTitle} message={STRINGS.errors.layoutMessage} />;
}
