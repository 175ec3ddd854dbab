import { parseCookie } from "cookie";
import { data, redirect, type RouterContextProvider } from "react-router";
import { analyticsIdentity } from "~/modules/analytics/analytics-identity.server";
import { requestEnrichment } from "~/modules/analytics/enrich.server";
import {
  BLOCK_EXPLANATION,
  BLOCK_TITLE,
  requestVerdict,
} from "~/modules/analytics/bot-check.server";
import { AFFILIATE_COOKIE } from "~/modules/affiliates/affiliate-code";
import { VISITOR_COOKIE, isVisitorId } from "~/modules/attribution/touches.server";
import { cleanTrackingParams, TRACKING_COOKIES } from "~/modules/attribution/tracking";
import { LEAD_FIELDS, toLeadFormValues } from "~/modules/leads/lead-fields";
import { VISUALIZER_DESIGN_FIELD, type LeadActionResult } from "~/modules/leads/lead-form-post";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TRACKING_FIELD_PREFIX,
} from "~/modules/public-forms/public-form-fields";
import { designKeys, designQuery } from "~/modules/visualizer/design";
import { LEAD_MESSAGES } from "~/modules/leads/lead.schema";
import { minutesText } from "~/modules/platform/strings";
import { formTokenFromCookies, formTokenSetCookie } from "~/modules/leads/form-token-cookie.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { submitLead, type LeadOutcome, type LeadRequest } from "~/modules/leads/leads.server";
import { thankYouPath } from "~/modules/leads/thank-you.server";
import { clientIp } from "~/modules/platform/client-ip.server";
import { runtimeContext, socketAddressContext } from "~/modules/platform/context";
import { isAcceptableText, singleLine } from "~/modules/platform/text";
import { getCompanySettings } from "~/modules/settings/settings.server";

type Context = Readonly<RouterContextProvider>;

/** What every submission carries besides its body: address, agent, cookies. */
export function requestFacts(request: Request, context: Context) {
  const { config } = context.get(runtimeContext);
  const cookies = parseCookie(request.headers.get("cookie") ?? "");
  const visitor = cookies[VISITOR_COOKIE];
  const ip = clientIp(request, context.get(socketAddressContext), config.trustProxy);
  return {
    ip,
    userAgent: request.headers.get("user-agent") ?? undefined,
    visitorId: isVisitorId(visitor) ? visitor : undefined,
    analytics: {
      ...analyticsIdentity(request),
      enrichment: requestEnrichment(request, { ip, countryCsv: config.analyticsCountryCsv }),
    },
    bot: requestVerdict(request),
    cookieAffiliate: cookies[AFFILIATE_COOKIE],
    cookieTracking: cleanTrackingParams({
      ga: cookies[TRACKING_COOKIES.ga],
      fbc: cookies[TRACKING_COOKIES.fbc],
      fbp: cookies[TRACKING_COOKIES.fbp],
    }),
  };
}

/** A path of this site (never another host's address), without its query. */
export function pathOrUndefined(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  try {
    const base = "http://this-site.invalid";
    const url = new URL(value, base);
    if (url.origin !== base || !isAcceptableText(url.pathname)) return undefined;
    return singleLine(url.pathname).slice(0, 300) || undefined;
  } catch {
    return undefined;
  }
}

const textOrUndefined = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The page the form was sent from, when the browser says and it is one of ours. */
export function refererPath(request: Request, context: Context): string | undefined {
  try {
    const referer = request.headers.get("referer");
    if (!referer) return undefined;
    const url = new URL(referer);
    const own = [new URL(request.url).origin, context.get(runtimeContext).config.publicUrl.origin];
    return own.includes(url.origin) ? pathOrUndefined(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** The submitted fields and tracking parameters, with what the request itself says. */
function leadRequest(
  submitted: {
    fields: Record<string, unknown>;
    tracking: Record<string, unknown>;
    channel: LeadRequest["channel"];
  },
  request: Request,
  context: Context,
): LeadRequest {
  const { fields } = submitted;
  const facts = requestFacts(request, context);
  return {
    values: toLeadFormValues(fields),
    honeypot: textOrUndefined(fields[HONEYPOT_FIELD]) ?? "",
    // A page from the page cache carries no token; the browser's cookie holds it.
    formToken:
      textOrUndefined(fields[FORM_TOKEN_FIELD]) ||
      (submitted.channel === "form"
        ? formTokenFromCookies(request.headers.get("cookie"))
        : undefined),
    channel: submitted.channel,
    tracking: cleanTrackingParams(submitted.tracking),
    affiliateCode: textOrUndefined(fields.affiliate_code) ?? facts.cookieAffiliate,
    visitorId: facts.visitorId,
    analytics: facts.analytics,
    bot: facts.bot,
    cookieTracking: facts.cookieTracking,
    ip: facts.ip,
    userAgent: facts.userAgent,
    pagePath: pathOrUndefined(fields.pagePath) ?? refererPath(request, context),
    visualizerDesign: visualizerDesignOf(fields[VISUALIZER_DESIGN_FIELD]),
  };
}

/**
 * A visualizer design: the form's share-link query (`wall_tile=…&paint=…`) or, from JSON,
 * an object of the same keys. Only well-formed keys pass; the catalogue check is storeLead's.
 */
function visualizerDesignOf(value: unknown): LeadRequest["visualizerDesign"] {
  if (typeof value === "string") {
    return value.length <= 1000 ? designKeys(new URLSearchParams(value)) : undefined;
  }
  return value && typeof value === "object" && !Array.isArray(value)
    ? designKeys(value as Record<string, unknown>)
    : undefined;
}

/** A form post (with or without JavaScript) as a lead request. */
export function leadRequestFromForm(
  form: FormData,
  request: Request,
  context: Context,
): LeadRequest {
  const fields: Record<string, unknown> = {};
  const tracking: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name.startsWith(TRACKING_FIELD_PREFIX))
      tracking[name.slice(TRACKING_FIELD_PREFIX.length)] = value;
    else fields[name] = value;
  }
  return leadRequest({ fields, tracking, channel: "form" }, request, context);
}

/**
 * A JSON body as a lead request in the shape of docs/REQUIREMENTS.md R3.1: the lead's fields
 * with the tracking parameters beside them (or in a `tracking` object) and affiliate_code.
 */
export function leadRequestFromJson(
  body: unknown,
  request: Request,
  context: Context,
): LeadRequest {
  const object =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const leadFields = new Set<string>(LEAD_FIELDS);
  const topLevelTracking = Object.fromEntries(
    Object.entries(object).filter(([key]) => !leadFields.has(key)),
  );
  const nested = object.tracking && typeof object.tracking === "object" ? object.tracking : {};
  const tracking = { ...topLevelTracking, ...nested };
  return leadRequest({ fields: object, tracking, channel: "json" }, request, context);
}

export async function submit(leadRequest: LeadRequest, context: Context): Promise<LeadOutcome> {
  const { database, jobs, logger, config } = context.get(runtimeContext);
  return submitLead(
    { database, boss: jobs.boss, logger, publicUrl: config.publicUrl, secret: config.authSecret },
    leadRequest,
  );
}

/** The message for a whole-request problem, with the company's phone number. */
async function formError(outcome: LeadOutcome, context: Context): Promise<string> {
  const { db } = context.get(runtimeContext);
  const phone = await getCompanySettings(db)
    .then((company) => company.phone)
    .catch(() => "our office");
  if (outcome.kind === "stale_form") return LEAD_MESSAGES.staleForm;
  return outcome.kind === "rate_limited"
    ? LEAD_MESSAGES.rateLimited
        .replace("{minutes}", minutesText(outcome.retryAfterMs))
        .replace("{phone}", phone)
    : LEAD_MESSAGES.unavailable.replace("{phone}", phone);
}

const statusOf = { invalid: 422, stale_form: 422, rate_limited: 429, unavailable: 503 } as const;

/** The answer to a form post: on to /thank-you, or the form again with its messages. */
export async function answerForm(leadRequest: LeadRequest, outcome: LeadOutcome, context: Context) {
  const { config } = context.get(runtimeContext);
  // A spent or expired token is replaced, so the next form this browser sends has one.
  const freshToken = () =>
    formTokenSetCookie(config.authSecret, config.publicUrl.protocol === "https:");
  if (outcome.kind === "stored") {
    return redirect(thankYouPath(outcome.values, config.authSecret), {
      status: 303,
      headers: { "Set-Cookie": freshToken() },
    });
  }
  // Spam is thanked too, without the signature that lets the page greet by name.
  if (outcome.kind === "spam") return redirect("/thank-you", 303);
  if (outcome.kind === "blocked") {
    const result: LeadActionResult = {
      values: leadRequest.values,
      formError: `${BLOCK_TITLE}. ${BLOCK_EXPLANATION}`,
      formToken: leadRequest.formToken,
    };
    return data(result, { status: 403 });
  }
  // The form shown again keeps the token it was sent with (its fill time counts from the
  // first page, and it is spent only by a stored lead); an expired one is replaced.
  const formToken =
    outcome.kind === "stale_form" ? issueFormToken(config.authSecret) : leadRequest.formToken;
  const design = leadRequest.visualizerDesign ? designQuery(leadRequest.visualizerDesign) : "";
  const result: LeadActionResult = {
    values: leadRequest.values,
    ...(outcome.kind === "invalid"
      ? { errors: outcome.errors }
      : { formError: await formError(outcome, context) }),
    formToken,
    ...(design ? { visualizerDesign: design } : {}),
    ...(leadRequest.pagePath ? { pagePath: leadRequest.pagePath } : {}),
  };
  const headers = new Headers();
  if (outcome.kind === "rate_limited") {
    headers.set("Retry-After", String(Math.ceil(outcome.retryAfterMs / 1000)));
  }
  if (outcome.kind === "stale_form") headers.set("Set-Cookie", freshToken());
  return data(result, { status: statusOf[outcome.kind], headers });
}

/** The answer to a JSON post: 201 with the lead id, or the problem with its status. */
export async function answerJson(outcome: LeadOutcome, context: Context): Promise<Response> {
  const noStore = { "Cache-Control": "no-store" };
  switch (outcome.kind) {
    case "stored":
      return Response.json({ id: outcome.leadId }, { status: 201, headers: noStore });
    case "spam":
      // Indistinguishable from success for the sender; nothing was delivered.
      return Response.json({ id: null }, { status: 202, headers: noStore });
    case "invalid":
      return Response.json({ errors: outcome.errors }, { status: 422, headers: noStore });
    case "blocked":
      return Response.json(
        { error: BLOCK_TITLE, message: BLOCK_EXPLANATION },
        { status: 403, headers: noStore },
      );
    case "stale_form":
      return Response.json(
        { error: await formError(outcome, context) },
        { status: 422, headers: noStore },
      );
    case "rate_limited":
      return Response.json(
        { error: await formError(outcome, context) },
        {
          status: 429,
          headers: { ...noStore, "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
        },
      );
    case "unavailable":
      return Response.json(
        { error: await formError(outcome, context) },
        { status: 503, headers: { ...noStore, "Retry-After": "30" } },
      );
  }
}

export const isFormRequest = (request: Request): boolean =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(
    request.headers.get("content-type") ?? "",
  );

export const isJsonRequest = (request: Request): boolean =>
  /^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get("content-type") ?? "");
