import { isAcceptableText, singleLine } from "~/modules/platform/text";

/**
 * The tracking parameters (docs/REQUIREMENTS.md R3.2): captured from the landing URL (and
 * cookies), kept in the browser under one key and on the server as first and last touch,
 * stored with every lead.
 */
export const TRACKING_PARAMS = [
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "campaign_id",
  "adset_id",
  "ad_id",
  "fbclid",
  "gclid",
  "wbraid",
  "gbraid",
  "extension_id",
  "adgroup_id",
  "asset_id",
  "ad_type",
  "network",
  "rand",
  "ga",
  "fbc",
  "fbp",
  "aff",
  "affiliate_code",
  "userAgent",
  "ip_address",
  // The tracked QR code a scan came from (docs/REQUIREMENTS.md R15.3).
  "qr",
] as const;

export type TrackingParam = (typeof TRACKING_PARAMS)[number];
export type TrackingParams = Partial<Record<TrackingParam, string>>;

/** The ones that arrive in a landing page's URL (the rest come from cookies and the request). */
const URL_TRACKING_PARAMS = TRACKING_PARAMS.filter(
  (name) => !["ga", "fbc", "fbp", "userAgent", "ip_address"].includes(name),
);

/** Local-storage key of the browser's copy (docs/REQUIREMENTS.md R3.2: one key). */
export const TRACKING_STORAGE_KEY = "lumen_tracking_params";

/** Cookies whose values become ga, fbc and fbp. */
export const TRACKING_COOKIES = { ga: "_ga", fbc: "_fbc", fbp: "_fbp" } as const;

const MAX_VALUE_LENGTH = 500;
const KNOWN = new Set<string>(TRACKING_PARAMS);

/**
 * Known keys with non-empty string values, each one line (they reach staff e-mail and CSV,
 * where a line break could forge content) and cut to a sane length; anything else dropped.
 */
export function cleanTrackingParams(input: unknown): TrackingParams {
  const clean: TrackingParams = {};
  if (!input || typeof input !== "object") return clean;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (!KNOWN.has(key) || typeof value !== "string" || !isAcceptableText(value)) continue;
    const line = singleLine(value);
    if (line) clean[key as TrackingParam] = line.slice(0, MAX_VALUE_LENGTH);
  }
  return clean;
}

/** The tracking parameters present in a URL's query string. */
export function trackingParamsFromUrl(search: URLSearchParams): TrackingParams {
  const found: Record<string, string> = {};
  for (const name of URL_TRACKING_PARAMS) {
    const value = search.get(name);
    if (value) found[name] = value;
  }
  return cleanTrackingParams(found);
}

export const hasTrackingParams = (params: TrackingParams): boolean =>
  Object.keys(params).length > 0;
