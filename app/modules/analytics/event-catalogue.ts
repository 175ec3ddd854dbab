/**
 * What the tracker sends and the server accepts (docs/REQUIREMENTS.md R7.4, R9.6), kept in
 * one place for both sides. No zod here: the tracker must stay small (docs/decisions/013).
 */

/** Events the browser may send. */
export const TRACKER_EVENTS = [
  "page_view",
  "form_start",
  "service_interest",
  "quote_request",
  "phone_click",
  "qr_code_generation",
  "affiliate_signup",
  "affiliate_login",
  "identify",
  "feature_flags",
] as const;
export type TrackerEventName = (typeof TRACKER_EVENTS)[number];

/**
 * Events only the server writes, in the transaction of what they count, with or without the
 * tracker: the consultation request's own record (with the lead's id) and that of a review
 * left on /leave-review (its rating and project type, docs/REQUIREMENTS.md R15.1). The
 * tracker may not send them, so each is counted once.
 */
export const SERVER_EVENTS = ["contact_form_submission", "review_submission"] as const;
export type EventName = TrackerEventName | (typeof SERVER_EVENTS)[number];

export const EVENT_LIMITS = {
  /** Events in one batch (the tracker's burst). */
  batchEvents: 100,
  /** Bytes of one request body, before and after decompression. */
  bodyBytes: 256 * 1024,
  /** Characters of a string property (SPEC's 65,535 would let one batch weigh megabytes). */
  stringProperty: 65_535,
  /** Characters of the path, search, hash and referrer. */
  url: 2_000,
  /** Properties on one event. */
  properties: 30,
  /** Characters of a property's name. */
  propertyName: 64,
} as const;

/** The tracker's timings (R9.6). */
export const TRACKER_TIMINGS = {
  flushMs: 3_000,
  minFlushMs: 250,
  maxFlushMs: 5_000,
  eventsPerSecond: 10,
  burst: 100,
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 24 * 60 * 60_000,
  retryFirstMs: 3_000,
  retryMaxMs: 30 * 60_000,
  retryAttempts: 10,
  idleTimeoutMs: 2_000,
  idleFallbackMs: 100,
  requestTimeoutMs: 60_000,
  rateLimitPauseMs: 60_000,
} as const;

/** The tracker's cookies: a random visitor id (365 days) and the session's id. */
export const ANALYTICS_VISITOR_COOKIE = "lm_aid";
export const ANALYTICS_SESSION_COOKIE = "lm_asid";
export const ANALYTICS_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const EVENTS_ENDPOINT = "/api/events";

/** The ad-click ids a page view keeps from its address, in the order reports list them. */
export const CLICK_ID_PARAMS = [
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
  "ttclid",
  "li_fat_id",
] as const;

/**
 * What a page view keeps of its address's query (never the rest, which may carry personal
 * data): the campaign parameters and the click ids, besides the lead's tracking parameters.
 */
export const PAGE_VIEW_URL_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  ...CLICK_ID_PARAMS,
] as const;
