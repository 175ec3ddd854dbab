import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Transaction } from "~/db/client.server";
import {
  analyticsEvents,
  leads,
  type CompanySettings,
  type Lead,
  type Touch,
  type VisualizerDesign,
} from "~/db/schema";
import type { BotVerdict } from "~/modules/analytics/bot-score";
import type { RequestEnrichment } from "~/modules/analytics/enrich.server";
import { isValidAffiliateCode } from "~/modules/affiliates/affiliate-code";
import { findCreditedAffiliate, isSelfReferral } from "~/modules/affiliates/referrals.server";
import { getTouchesOfVisitors } from "~/modules/attribution/touches.server";
import { cleanTrackingParams, type TrackingParams } from "~/modules/attribution/tracking";
import { enqueueMails } from "~/modules/mail/mail.server";
import { checkedDesign, describeDesign } from "~/modules/visualizer/catalogue.server";
import { enqueueLeadDeliveries } from "~/modules/webhooks/webhooks.server";
import type { LeadValues } from "./lead-fields";
import { leadNotificationMail } from "./lead-notification";

/** The campaign a lead came from, as the analytics record keeps it (a null when absent). */
const CAMPAIGN_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/**
 * Where a consultation request came from: what its request carried besides the form's
 * fields. A spam entry keeps the same, so a request restored from the spam folder is stored
 * exactly as it would have been when sent.
 */
export interface LeadOrigin {
  channel: "form" | "json";
  /** What the browser kept of the tracking parameters (docs/REQUIREMENTS.md R3.2). */
  tracking: TrackingParams;
  /** ga, fbc and fbp from the _ga, _fbc and _fbp cookies. */
  cookieTracking: TrackingParams;
  /** A referral code from the form or the lm_affiliate cookie. */
  affiliateCode: string | undefined;
  /** The lm_visitor cookie, for the server's first and last touch. */
  visitorId: string | undefined;
  /**
   * The tracker's visitor and session ids for the analytics record; absent when the
   * visitor opted out or asks not to be tracked (docs/decisions/013).
   */
  analytics?: {
    visitorId: string | undefined;
    sessionId: string | undefined;
    /** The request's device, browser, system and country (never its address). */
    enrichment?: Pick<RequestEnrichment, "device" | "browser" | "os" | "country">;
  };
  /** What the request says of a bot (docs/REQUIREMENTS.md R9.2). */
  bot?: BotVerdict;
  ip: string | undefined;
  userAgent: string | undefined;
  pagePath: string | undefined;
  /**
   * The visualizer design sent with the request (docs/REQUIREMENTS.md R15.5), as keys; only
   * those the catalogue knows are stored.
   */
  visualizerDesign?: VisualizerDesign;
}

export interface StoreLeadServices {
  boss: PgBoss;
  company: Pick<CompanySettings, "notificationEmails">;
  /** For the link in the staff notification. */
  publicUrl: URL;
}

/** One valid request to store, with what its notification needs. */
export interface LeadToStore {
  company: StoreLeadServices["company"];
  /** For the link in the staff notification. */
  publicUrl: URL;
  values: LeadValues;
  origin: LeadOrigin;
  /** Dates a request sent earlier (a restored spam entry); otherwise it is now. */
  receivedAt?: Date;
}

/**
 * Stores a valid request as a lead, inside the caller's transaction (docs/decisions/006):
 * the row with its attribution (tracking, first and last touch, affiliate), its webhook
 * deliveries and their jobs, the staff e-mail and its job, and the analytics record.
 * `receivedAt` dates a request sent earlier (a restored spam entry); otherwise it is now.
 */
export async function storeLead(
  tx: Transaction,
  services: StoreLeadServices,
  values: LeadValues,
  origin: LeadOrigin,
  receivedAt?: Date,
): Promise<{ lead: Lead; deliveries: number }> {
  const { leads: stored, deliveries } = await storeLeads(tx, services.boss, [
    { company: services.company, publicUrl: services.publicUrl, values, origin, receivedAt },
  ]);
  const [lead] = stored;
  if (!lead) throw new Error("The lead was not stored");
  return { lead, deliveries };
}

/**
 * Stores several requests as `storeLead` stores one, with one statement per kind of row
 * for all of them (docs/decisions/018): a lead costs a few statements' share instead of a
 * dozen round trips. The leads come back in the order given.
 */
export async function storeLeads(
  tx: Transaction,
  boss: PgBoss,
  requests: LeadToStore[],
): Promise<{ leads: Lead[]; deliveries: number }> {
  if (requests.length === 0) return { leads: [], deliveries: 0 };
  const touchesByVisitor = await getTouchesOfVisitors(
    tx.db,
    requests.map((request) => request.origin.visitorId),
  );

  const prepared = [];
  for (const { values, origin, receivedAt, company, publicUrl } of requests) {
    const affiliateCode = isValidAffiliateCode(origin.affiliateCode)
      ? origin.affiliateCode
      : pickAffiliateCode(origin.tracking);
    const affiliate = affiliateCode ? await findCreditedAffiliate(tx.db, affiliateCode) : undefined;
    const touches = origin.visitorId ? touchesByVisitor.get(origin.visitorId) : undefined;
    const tracking = leadTracking(origin, touches?.lastTouch);
    const fallbackTouch = touchFromTracking(origin, tracking, receivedAt ?? new Date());
    const visualizerDesign = await checkedDesign(tx.db, origin.visualizerDesign);
    prepared.push({
      values,
      origin,
      receivedAt,
      company,
      publicUrl,
      tracking,
      affiliateCode,
      visualizerDesign,
      row: {
        ...values,
        // Made here so each stored row is matched to its request whatever order comes back.
        id: randomUUID(),
        tracking,
        firstTouch: touches?.firstTouch ?? fallbackTouch,
        lastTouch: touches?.lastTouch ?? fallbackTouch,
        affiliateCode: affiliateCode ?? null,
        affiliateId: affiliate?.id ?? null,
        selfReferral: affiliate ? isSelfReferral(affiliate, values) : false,
        ipAddress: origin.ip ?? null,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
        pagePath: origin.pagePath ?? null,
        visualizerDesign: visualizerDesign ?? null,
        channel: origin.channel,
        ...(receivedAt ? { createdAt: receivedAt } : {}),
      },
    });
  }

  const inserted = await tx.db
    .insert(leads)
    .values(prepared.map((request) => request.row))
    .returning();
  const byId = new Map(inserted.map((lead) => [lead.id, lead]));
  const stored = prepared.map((request) => {
    const lead = byId.get(request.row.id);
    if (!lead) throw new Error("The lead was not stored");
    return { ...request, lead };
  });

  const deliveries = await enqueueLeadDeliveries(
    tx,
    boss,
    stored.map(({ lead }) => lead.id),
  );
  const notifications = [];
  for (const { lead, company, publicUrl, visualizerDesign } of stored) {
    notifications.push(
      leadNotificationMail(lead, company, publicUrl, await describeDesign(tx.db, visualizerDesign)),
    );
  }
  await enqueueMails(tx, boss, notifications);
  // The analytics record carries no personal data, only what and where from.
  await tx.db.insert(analyticsEvents).values(
    stored.map(
      ({ lead, values, origin, receivedAt, tracking, affiliateCode, visualizerDesign }) => ({
        name: "contact_form_submission",
        path: origin.pagePath ?? null,
        ...origin.analytics?.enrichment,
        visitorId: origin.analytics?.visitorId ?? null,
        sessionId: origin.analytics?.sessionId ?? null,
        isBot: origin.bot?.isBot ?? false,
        botConfidence: origin.bot?.confidence ?? 0,
        botType: origin.bot?.botType ?? null,
        properties: {
          leadId: lead.id,
          channel: origin.channel,
          service: values.service,
          projectType: values.projectType,
          source: values.source,
          ...Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, tracking[key] ?? null])),
          affiliated: Boolean(affiliateCode),
          ...(visualizerDesign ? { visualizerDesign: true } : {}),
        },
        ...(receivedAt ? { createdAt: receivedAt } : {}),
      }),
    ),
  );
  return { leads: stored.map(({ lead }) => lead), deliveries };
}

function pickAffiliateCode(tracking: TrackingParams): string | undefined {
  const code = tracking.aff ?? tracking.affiliate_code;
  return isValidAffiliateCode(code) ? code : undefined;
}

/**
 * The lead's tracking parameters (docs/REQUIREMENTS.md R3.2): the server's last touch, what
 * the browser kept (it may know of a landing the server did not see, e.g. a cached page),
 * the analytics cookies, and the request's own user agent and address, which the browser
 * cannot vouch for.
 */
function leadTracking(origin: LeadOrigin, lastTouch: Touch | undefined): TrackingParams {
  return cleanTrackingParams({
    ...lastTouch?.params,
    ...origin.cookieTracking,
    ...origin.tracking,
    userAgent: origin.userAgent,
    ip_address: origin.ip,
  });
}

/** Without a server record of the visitor, the touch is what came with the request. */
function touchFromTracking(origin: LeadOrigin, tracking: TrackingParams, at: Date): Touch | null {
  const { userAgent: _ua, ip_address: _ip, ga: _ga, fbc: _fbc, fbp: _fbp, ...params } = tracking;
  if (Object.keys(params).length === 0) return null;
  return { at: at.toISOString(), landingPath: origin.pagePath ?? "/", params };
}
