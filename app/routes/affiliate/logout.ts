import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOutSchema } from "~/modules/affiliates/affiliate-account.schema";
import {
  affiliateAuthDeps,
  readAffiliateSession,
} from "~/modules/affiliates/affiliate-guard.server";
import { signOutAffiliate } from "~/modules/affiliates/affiliate-sign-in.server";
import { AFFILIATE_STRINGS } from "~/modules/affiliates/affiliate-strings";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { authHeaders } from "~/modules/staff/sign-in-attempt.server";
import { requestIp } from "~/modules/staff/guard.server";
import {
  AFFILIATE_COOKIE_PATH,
  affiliateSessionCookieName,
} from "~/modules/affiliates/affiliate-auth.server";

/**
 * POST /affiliate/logout with a scope (docs/REQUIREMENTS.md R4.9): "local" (this device),
 * "others" (every other device; this one stays signed in) or "global" (everywhere). Outside
 * the guard: a partner whose session already ended still has their cookie cleared and
 * lands on the sign-in, as R4.9 asks when the server no longer knows the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const deps = affiliateAuthDeps(runtime);
  const scope = signOutSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!scope.success) {
    return redirectWithFlash(context, "/affiliate/profile", {
      message: AFFILIATE_STRINGS.portal.signOutFailed,
      tone: "error",
    });
  }
  const headers = authHeaders(
    { ip: requestIp(request, context), userAgent: request.headers.get("user-agent") ?? undefined },
    request.headers.get("cookie") ?? undefined,
  );
  const { found } = await readAffiliateSession(deps, headers);
  const clearCookie = `${affiliateSessionCookieName(runtime.config)}=; Path=${AFFILIATE_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;
  if (!found) return redirect("/affiliate/login", { headers: { "Set-Cookie": clearCookie } });

  let setCookies: string[];
  try {
    setCookies = await signOutAffiliate(
      deps,
      { id: found.user.id, email: found.user.email },
      scope.data.scope,
      headers,
    );
  } catch (err) {
    runtime.logger.error({ err }, "affiliate sign-out failed");
    return redirectWithFlash(context, "/affiliate/profile", {
      message: AFFILIATE_STRINGS.portal.signOutFailed,
      tone: "error",
    });
  }
  if (scope.data.scope === "others") {
    return redirectWithFlash(context, "/affiliate/profile", {
      message: "Signed out on your other devices. You stay signed in here.",
      tone: "success",
    });
  }
  const answer = new Headers();
  for (const cookie of setCookies.length ? setCookies : [clearCookie])
    answer.append("Set-Cookie", cookie);
  return redirect("/affiliate/login", { headers: answer });
}

export const loader = () => redirect("/affiliate/dashboard");
