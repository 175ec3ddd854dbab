import { parseCookie, stringifySetCookie } from "cookie";
import { isbot } from "isbot";
import type { MiddlewareFunction } from "react-router";
import {
  AFFILIATE_COOKIE,
  AFFILIATE_COOKIE_MAX_AGE_SECONDS,
  affiliateCodeFromUrl,
} from "~/modules/affiliates/affiliate-code";
import { recordReferralClick } from "~/modules/affiliates/referrals.server";
import { requestIdContext, runtimeContext } from "~/modules/platform/context";
import {
  isVisitorId,
  recordTouch,
  touchFromRequest,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
} from "./touches.server";

/**
 * Areas where a landing is not marketing: staff, affiliates, the API, QR scans (their
 * target is the landing, R15.3), and uploaded images
 * (their answers are public and cached for a year, so they must never carry a cookie).
 */
const NOT_LANDINGS = /^\/(admin|affiliate|api|media|q)(\/|$)/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Honours a referral code on the first response (docs/REQUIREMENTS.md D3) and keeps the
 * browser's first and last marketing touch on the server, so visitors without JavaScript
 * are attributed too. Works only when the URL or Referer says something; bots are ignored.
 */
export const attributionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (request.method !== "GET") return next();
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") || "/";
  if (NOT_LANDINGS.test(path) || isbot(request.headers.get("user-agent") ?? "")) return next();

  const affiliateCode = affiliateCodeFromUrl(url.searchParams);
  const touch = touchFromRequest(new URL(path + url.search, url), request.headers.get("referer"));
  if (!affiliateCode && !touch) return next();

  const { db, config, logger } = context.get(runtimeContext);
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const secure = config.publicUrl.protocol === "https:" || LOCAL_HOSTS.has(url.hostname);
  const setCookies: string[] = [];

  try {
    if (affiliateCode) {
      await recordReferralClick(db, affiliateCode, path);
      setCookies.push(
        stringifySetCookie(AFFILIATE_COOKIE, affiliateCode, {
          maxAge: AFFILIATE_COOKIE_MAX_AGE_SECONDS,
          path: "/",
          sameSite: "strict",
          secure,
        }),
      );
    }
    if (touch) {
      const known = cookies[VISITOR_COOKIE];
      const visitorId = await recordTouch(db, isVisitorId(known) ? known : undefined, touch);
      setCookies.push(
        stringifySetCookie(VISITOR_COOKIE, visitorId, {
          maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
          path: "/",
          sameSite: "lax",
          httpOnly: true,
          secure,
        }),
      );
    }
  } catch (err) {
    // Attribution must never cost a visitor the page.
    logger.error({ err, reqId: context.get(requestIdContext) }, "recording attribution failed");
  }

  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};
