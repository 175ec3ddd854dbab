import { parseCookie } from "cookie";
import type { RouterContextProvider } from "react-router";
import { AFFILIATE_COOKIE } from "~/modules/affiliates/affiliate-code";
import { analyticsIdentity } from "~/modules/analytics/analytics-identity.server";
import { isVisitorId, VISITOR_COOKIE } from "~/modules/attribution/touches.server";
import { cleanTrackingParams, TRACKING_COOKIES } from "~/modules/attribution/tracking";
import { clientIp } from "~/modules/platform/client-ip.server";
import { runtimeContext, socketAddressContext } from "~/modules/platform/context";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TRACKING_FIELD_PREFIX,
} from "~/modules/public-forms/public-form-fields";
import { toEntryFormValues } from "./giveaway-entry-fields";
import type { EntryRequest } from "./giveaway-entries.server";

/** The public page the entry form lives on, for the analytics record. */
export const GIVEAWAY_PATH = "/giveaway";

const textOrUndefined = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * A post of the entry form (with or without JavaScript) as an entry request: the fields,
 * the tracking parameters the browser kept, and what the request itself says (address,
 * cookies: lm_visitor, lm_affiliate, the analytics cookies).
 */
export function entryRequestFromForm(
  giveawayId: number,
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
): EntryRequest {
  const { config } = context.get(runtimeContext);
  const fields: Record<string, unknown> = {};
  const tracking: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name.startsWith(TRACKING_FIELD_PREFIX)) {
      tracking[name.slice(TRACKING_FIELD_PREFIX.length)] = value;
    } else fields[name] = value;
  }
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const visitor = cookies[VISITOR_COOKIE];
  const identity = analyticsIdentity(request);
  return {
    giveawayId,
    values: toEntryFormValues(fields),
    honeypot: textOrUndefined(fields[HONEYPOT_FIELD]) ?? "",
    formToken: textOrUndefined(fields[FORM_TOKEN_FIELD]),
    tracking: cleanTrackingParams(tracking),
    cookieTracking: cleanTrackingParams({
      ga: cookies[TRACKING_COOKIES.ga],
      fbc: cookies[TRACKING_COOKIES.fbc],
      fbp: cookies[TRACKING_COOKIES.fbp],
    }),
    affiliateCode: textOrUndefined(fields.affiliate_code) ?? cookies[AFFILIATE_COOKIE],
    touchVisitorId: isVisitorId(visitor) ? visitor : undefined,
    analytics: { visitorId: identity.visitorId, sessionId: identity.sessionId },
    ip: clientIp(request, context.get(socketAddressContext), config.trustProxy),
    userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? undefined,
    pagePath: GIVEAWAY_PATH,
  };
}
