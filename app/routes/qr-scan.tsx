import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/qr-scan";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { runtimeContext } from "~/modules/platform/context";
import { answerScan } from "~/modules/qr/qr-scans.server";
import { notFoundMeta } from "~/modules/seo/meta";

/** Scans are counted every time: no browser or proxy may keep the redirect. */
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * /q/{slug}, a tracked QR code's address (docs/REQUIREMENTS.md R15.3): 302 to its target
 * (the scan counted, bots aside), the site's 404 for a slug no code has, and 410 with a
 * page that says so for a code switched off.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const answer = await answerScan(runtime.database, request, params.slug, runtime.config.publicUrl);
  if (answer.kind === "unknown") throw data(null, { status: 404, headers: NO_STORE });
  if (answer.kind === "disabled") {
    return data({ name: answer.name }, { status: 410, headers: NO_STORE });
  }
  const headers = new Headers(NO_STORE);
  if (answer.setCookie) headers.append("Set-Cookie", answer.setCookie);
  return redirect(answer.location, { status: 302, headers });
}

export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? notFoundMeta()
    : [{ title: "This QR code is no longer in use" }, { name: "robots", content: "noindex" }];

export default function SwitchedOffCode() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <h1 className="font-serif text-3xl">This QR code is no longer in use</h1>
      <p className="text-lg text-muted">
        The offer or page it pointed to has ended. Everything else is still on our site.
      </p>
      <p>
        <a href="/" className="font-semibold text-brass-dark underline underline-offset-4">
          Go to the home page
        </a>
      </p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <NotFoundScreen />
      </main>
    );
  }
  throw error;
}
