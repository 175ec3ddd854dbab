import { lazy, Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorScreen } from "~/components/site/error-screen";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { isGuardRefusal } from "~/components/site/is-guard-refusal";
import { attributionMiddleware } from "~/modules/attribution/attribution-middleware.server";
import { inputGuardMiddleware } from "~/modules/platform/input-guard.server";
import { platformMiddleware } from "~/modules/platform/middleware.server";
import { redirectMiddleware } from "~/modules/redirects/redirect-middleware.server";
import { runtimeContext } from "~/modules/platform/context";
import { STRINGS } from "~/modules/platform/strings";
import { AnalyticsMount } from "~/modules/analytics/analytics-mount";
import stylesheet from "./app.css?url";
import { replayInputBeforeHydration } from "~/modules/platform/typed-before-hydration.client";

/** The staff guard's screens: public pages never load their code. */
const StaffErrorScreen = lazy(() => import("~/components/admin/staff-error-screen"));

export const middleware: Route.MiddlewareFunction[] = [
  platformMiddleware,
  inputGuardMiddleware,
  redirectMiddleware,
  attributionMiddleware,
];

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(runtimeContext);
  return { publicOrigin: config.publicUrl.origin };
}

export const links: LinksFunction = () => [
  // In production the server inlines the stylesheet (app/modules/platform/document.server.ts).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  // The blog's feed, offered from every page (docs/REQUIREMENTS.md R11.5).
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml", title: "Blog" },
];

/**
 * The request's nonce for `<Links>`. On the server React Router supplies it from
 * `<ServerRouter nonce>`. In the browser, which hides a nonce attribute's value from the
 * page, it is read back from the element property that keeps it: hydration compares the
 * tags' nonces with that property, so the browser must render the same value.
 */
function linksNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLElement>("[nonce]")?.nonce || undefined;
}

/**
 * Once React has taken over: replays what the visitor entered into form fields before it
 * did, and marks the document for tests and monitoring to wait on.
 */
function HydrationMark() {
  useEffect(() => {
    replayInputBeforeHydration();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a2e" />
        <Meta />
        <Links nonce={linksNonce()} />
      </head>
      <body>
        {children}
        <HydrationMark />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <AnalyticsMount />
    </>
  );
}

/** Last resort: an error in the root itself (the site layout has its own screens). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A route middleware's error lands here (the boundary above the first route with a
  // loader), so the staff guard's answers are drawn here too.
  if (isGuardRefusal(error)) {
    return (
      <Suspense fallback={null}>
        <StaffErrorScreen error={error} />
      </Suspense>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  // A refusal the visitor can act on (input the server will not take) says why.
  const message =
    isRouteErrorResponse(error) && (error.status === 400 || error.status === 415)
      ? badRequestMessage(error.data)
      : undefined;
  return <ErrorScreen title={STRINGS.errors.routeTitle} message={message} />;
}

function badRequestMessage(data: unknown): string | undefined {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : undefined;
}

export function meta() {
  return [{ title: STRINGS.defaultTitle }];
}
