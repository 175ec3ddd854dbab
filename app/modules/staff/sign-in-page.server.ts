import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { getCompanySettings } from "~/modules/settings/settings.server";

/**
 * What the public staff pages (sign-in, authenticator code, set password) read before
 * they show: the runtime, their query (parsed with the page's schema) and the company
 * name their frame shows.
 */
export async function readSignInPage<Query extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  querySchema: Query,
) {
  const runtime = context.get(runtimeContext);
  const query: z.output<Query> = querySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const company = await getCompanySettings(runtime.db);
  return { runtime, query, companyName: company.name };
}

/** The runtime for a sign-in page's form, once the request is known to come from the site. */
export function signInPageRuntime(request: Request, context: Readonly<RouterContextProvider>) {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  return runtime;
}

/** Response headers that set each of the session cookies. */
export function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
