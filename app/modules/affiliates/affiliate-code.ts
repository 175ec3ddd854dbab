/**
 * The referral code in links, and how the browser and server keep it
 * (docs/REQUIREMENTS.md R5.1, R9.1).
 */

const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;

export const AFFILIATE_COOKIE = "lm_affiliate";
const AFFILIATE_COOKIE_DAYS = 90;
export const AFFILIATE_COOKIE_MAX_AGE_SECONDS = AFFILIATE_COOKIE_DAYS * 24 * 60 * 60;
/** Local-storage key of the encoded fallback copy. */
export const AFFILIATE_STORAGE_KEY = "lumen_affiliate";

/** 1 to 50 letters, digits, underscores or hyphens. */
export function isValidAffiliateCode(code: unknown): code is string {
  return typeof code === "string" && AFFILIATE_CODE_PATTERN.test(code);
}

/** `aff`, else `affiliate_code`, from a query string, when valid; invalid codes are ignored. */
export function affiliateCodeFromUrl(search: URLSearchParams): string | undefined {
  for (const name of ["aff", "affiliate_code"]) {
    const value = search.get(name);
    if (value !== null) return isValidAffiliateCode(value) ? value : undefined;
  }
  return undefined;
}
