import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import {
  analyticsEvents,
  leads,
  spamSubmissions,
  usedFormTokens,
  type SpamReason,
  type Touch,
} from "~/db/schema";
import { isValidAffiliateCode } from "~/modules/affiliates/affiliate-code";
import { findActiveAffiliateByCode } from "~/modules/affiliates/referrals.server";
import { getVisitorTouches } from "~/modules/attribution/touches.server";
import { cleanTrackingParams, type TrackingParams } from "~/modules/attribution/tracking";
import { enqueueMail } from "~/modules/mail/mail.server";
import type { Logger } from "~/modules/platform/logger.server";
import { hitRateLimit, type RateLimit } from "~/modules/platform/rate-limit.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { enqueueLeadDeliveries } from "~/modules/webhooks/webhooks.server";
import { checkFormToken, formTokenHash, MIN_FILL_MS } from "./form-token.server";
import type { LeadFieldErrors, LeadFormValues, LeadValues } from "./lead-options";
import { validateLead } from "./lead.schema";
import { leadNotificationMail } from "./lead-notification";

/** Submissions one address may make: a household fixing a typo is fine, a flood is not. */
export const LEAD_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

/** Everything a request to POST /api/leads carries, read by the route. */
export interface LeadRequest {
  values: LeadFormValues;
  /** The hidden field people never see; bots fill it in. */
  honeypot: string;
  /** When the form was served (signed); absent from JSON callers. */
  formToken: string | undefined;
  channel: "form" | "json";
  /** What the browser kept (SPEC's tracking parameters), as sent with the form. */
  tracking: TrackingParams;
  /** A referral code from the form or the lm_affiliate cookie. */
  affiliateCode: string | undefined;
  /** The lm_visitor cookie, for the server's first and last touch. */
  visitorId: string | undefined;
  /** ga, fbc and fbp from the _ga, _fbc and _fbp cookies. */
  cookieTracking: TrackingParams;
  ip: string | undefined;
  userAgent: string | undefined;
  pagePath: string | undefined;
}

export type LeadOutcome =
  | { kind: "stored"; leadId: string; values: LeadValues }
  | { kind: "spam"; reason: SpamReason }
  /** The form was served over a day ago: sent back to be checked and sent again. */
  | { kind: "stale_form" }
  | { kind: "invalid"; errors: LeadFieldErrors }
  | { kind: "rate_limited"; retryAfterMs: number }
  | { kind: "unavailable" };

export interface LeadServices {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  publicUrl: URL;
  /** Signs the form's fill-time token. */
  secret: string;
  minFillMs?: number;
  now?: () => number;
}

/**
 * The consultation request (PRODUCT.md decision 2): spam is kept aside, invalid input goes
 * back with its messages, and a valid request is stored with its attribution, webhook
 * deliveries, staff e-mail and analytics record in one transaction before anyone is
 * thanked. Delivery happens afterwards, from the job queue.
 */
export async function submitLead(
  services: LeadServices,
  request: LeadRequest,
): Promise<LeadOutcome> {
  const { database, logger } = services;
  const now = services.now?.() ?? Date.now();

  // Form posts always carry the token; JSON callers may, and then it counts the same.
  const tokenCheck =
    request.channel === "form" || request.formToken !== undefined
      ? checkFormToken(request.formToken, services.secret, now, services.minFillMs ?? MIN_FILL_MS)
      : undefined;
  const spamReason: SpamReason | undefined =
    request.honeypot.trim() !== ""
      ? "honeypot"
      : tokenCheck === "too_fast" || tokenCheck === "missing_form_token"
        ? tokenCheck
        : undefined;
  // Spent with the stored request, in its transaction: a token serves one request.
  const tokenToSpend = tokenCheck === "ok" ? request.formToken : undefined;

  const keepAsSpam = async (reason: SpamReason): Promise<LeadOutcome> => {
    // Flooding bots are still limited, so the spam folder cannot fill the disk.
    const limit = await hitRateLimit(
      database.db,
      `lead:${request.ip ?? "unknown"}`,
      LEAD_RATE_LIMIT,
    );
    if (limit.allowed) {
      await database.db.insert(spamSubmissions).values({
        reason,
        payload: spamPayload(request),
        ipAddress: request.ip ?? null,
        userAgent: request.userAgent?.slice(0, 500) ?? null,
      });
    }
    logger.info({ reason, stored: limit.allowed }, "lead spam caught");
    return { kind: "spam", reason };
  };

  try {
    if (spamReason) return await keepAsSpam(spamReason);
    if (tokenCheck === "expired") return { kind: "stale_form" };

    const company = await getCompanySettings(database.db);
    const validation = validateLead(request.values, company);
    if (!validation.ok) return { kind: "invalid", errors: validation.errors };

    const limit = await hitRateLimit(
      database.db,
      `lead:${request.ip ?? "unknown"}`,
      LEAD_RATE_LIMIT,
    );
    if (!limit.allowed) {
      logger.info({ retryAfterMs: limit.retryAfterMs }, "lead rate limited");
      return { kind: "rate_limited", retryAfterMs: limit.retryAfterMs };
    }

    const values = validation.value;
    const affiliateCode = isValidAffiliateCode(request.affiliateCode)
      ? request.affiliateCode
      : pickAffiliateCode(request.tracking);
    const affiliate = affiliateCode
      ? await findActiveAffiliateByCode(database.db, affiliateCode)
      : undefined;
    const touches = await getVisitorTouches(database.db, request.visitorId);
    const tracking = leadTracking(request, touches?.lastTouch);
    const fallbackTouch = touchFromTracking(request, tracking, now);

    const leadId = await database.transaction(async (tx) => {
      if (tokenToSpend) {
        const spent = await tx.db
          .insert(usedFormTokens)
          .values({ tokenHash: formTokenHash(tokenToSpend) })
          .onConflictDoNothing()
          .returning({ tokenHash: usedFormTokens.tokenHash });
        if (spent.length === 0) return REUSED_TOKEN;
      }
      const [lead] = await tx.db
        .insert(leads)
        .values({
          ...values,
          tracking,
          firstTouch: touches?.firstTouch ?? fallbackTouch,
          lastTouch: touches?.lastTouch ?? fallbackTouch,
          affiliateCode: affiliateCode ?? null,
          affiliateId: affiliate?.id ?? null,
          ipAddress: request.ip ?? null,
          userAgent: request.userAgent?.slice(0, 500) ?? null,
          pagePath: request.pagePath ?? null,
          channel: request.channel,
        })
        .returning();
      if (!lead) throw new Error("The lead was not stored");

      await enqueueLeadDeliveries(tx, services.boss, lead.id);
      await enqueueMail(tx, services.boss, leadNotificationMail(lead, company, services.publicUrl));
      // The analytics record carries no personal data, only what and where from.
      await tx.db.insert(analyticsEvents).values({
        name: "contact_form_submission",
        path: request.pagePath ?? null,
        properties: {
          channel: request.channel,
          service: values.service,
          projectType: values.projectType,
          source: values.source,
          utm_source: tracking.utm_source ?? null,
          utm_medium: tracking.utm_medium ?? null,
          utm_campaign: tracking.utm_campaign ?? null,
          affiliated: Boolean(affiliateCode),
        },
      });
      return lead.id;
    });

    if (leadId === REUSED_TOKEN) return await keepAsSpam("reused_form_token");
    logger.info(
      { leadId, channel: request.channel, affiliated: Boolean(affiliate) },
      "lead stored",
    );
    return { kind: "stored", leadId, values };
  } catch (err) {
    logger.error({ err }, "storing a lead failed");
    return { kind: "unavailable" };
  }
}

/** The transaction's answer when the form's token had already been spent. */
const REUSED_TOKEN = Symbol("reused form token");

function pickAffiliateCode(tracking: TrackingParams): string | undefined {
  const code = tracking.aff ?? tracking.affiliate_code;
  return isValidAffiliateCode(code) ? code : undefined;
}

/**
 * SPEC's tracking parameters for the lead: the server's last touch, what the browser kept
 * (it may know of a landing the server did not see, e.g. a cached page), the analytics
 * cookies, and the request's own user agent and address, which the browser cannot vouch for.
 */
function leadTracking(request: LeadRequest, lastTouch: Touch | undefined): TrackingParams {
  return cleanTrackingParams({
    ...lastTouch?.params,
    ...request.cookieTracking,
    ...request.tracking,
    userAgent: request.userAgent,
    ip_address: request.ip,
  });
}

/** Without a server record of the visitor, the touch is what came with the request. */
function touchFromTracking(
  request: LeadRequest,
  tracking: TrackingParams,
  now: number,
): Touch | null {
  const { userAgent: _ua, ip_address: _ip, ga: _ga, fbc: _fbc, fbp: _fbp, ...params } = tracking;
  if (Object.keys(params).length === 0) return null;
  return { at: new Date(now).toISOString(), landingPath: request.pagePath ?? "/", params };
}

/** What a spam entry keeps: the fields as typed, so staff can still turn it into a lead. */
function spamPayload(request: LeadRequest): Record<string, unknown> {
  return {
    values: request.values,
    honeypot: request.honeypot.slice(0, 500),
    channel: request.channel,
    tracking: request.tracking,
    affiliateCode: request.affiliateCode ?? null,
    pagePath: request.pagePath ?? null,
  };
}
