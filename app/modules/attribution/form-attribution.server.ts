import type { Database } from "~/db/client.server";
import type { FormAttribution, Touch } from "~/db/schema";
import { isValidAffiliateCode } from "~/modules/affiliates/affiliate-code";
import { getVisitorTouches } from "./touches.server";
import { cleanTrackingParams, type TrackingParams } from "./tracking";

/** What a marketing form's request says of where its sender came from. */
export interface FormOrigin {
  /** What the browser kept of the tracking parameters (docs/REQUIREMENTS.md R3.2). */
  tracking: TrackingParams;
  /** ga, fbc and fbp from the _ga, _fbc and _fbp cookies. */
  cookieTracking: TrackingParams;
  /** A referral code from the form or the lm_affiliate cookie. */
  affiliateCode: string | undefined;
  /** The lm_visitor cookie, for the server's first and last touch. */
  visitorId: string | undefined;
  /** The tracker's visitor id; absent when the visitor asks not to be tracked. */
  analyticsVisitorId: string | undefined;
  pagePath: string | undefined;
}

/**
 * Where the sender of a marketing form (leave-review, giveaway) came from, from the same
 * sources as a consultation request's attribution (app/modules/leads/store-lead.server.ts):
 * the server's first and last touch of the visitor, the tracking parameters the browser
 * kept, the analytics cookies, the referral code and the tracker's visitor id. The address
 * and user agent are left out: a review or an entry needs neither.
 */
export async function formAttribution(
  db: Database,
  origin: FormOrigin,
  now = new Date(),
): Promise<FormAttribution> {
  const touches = await getVisitorTouches(db, origin.visitorId);
  const tracking = cleanTrackingParams({
    ...touches?.lastTouch.params,
    ...origin.cookieTracking,
    ...origin.tracking,
  });
  const { ga: _ga, fbc: _fbc, fbp: _fbp, ...params } = tracking;
  // Without a server record of the visitor, the touch is what came with the request.
  const fallbackTouch: Touch | undefined =
    Object.keys(params).length > 0
      ? { at: now.toISOString(), landingPath: origin.pagePath ?? "/", params }
      : undefined;
  const affiliateCode = [origin.affiliateCode, tracking.aff, tracking.affiliate_code].find(
    isValidAffiliateCode,
  );
  const firstTouch = touches?.firstTouch ?? fallbackTouch;
  const lastTouch = touches?.lastTouch ?? fallbackTouch;
  return {
    tracking,
    ...(firstTouch ? { firstTouch } : {}),
    ...(lastTouch ? { lastTouch } : {}),
    ...(affiliateCode ? { affiliateCode } : {}),
    ...(origin.analyticsVisitorId ? { visitorId: origin.analyticsVisitorId } : {}),
  };
}
