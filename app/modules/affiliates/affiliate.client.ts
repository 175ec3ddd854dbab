import { readCookie } from "~/modules/attribution/tracking.client";
import {
  AFFILIATE_COOKIE,
  AFFILIATE_COOKIE_MAX_AGE_SECONDS,
  AFFILIATE_STORAGE_KEY,
  affiliateCodeFromUrl,
  isValidAffiliateCode,
} from "./affiliate-code";

/** The affiliate state (docs/REQUIREMENTS.md R3.3). */
export interface AffiliateState {
  affiliateCode: string | null;
  isAffiliated: boolean;
  source: "url" | "cookie" | null;
}

const NONE: AffiliateState = { affiliateCode: null, isAffiliated: false, source: null };

function secureContext(): boolean {
  return (
    location.protocol === "https:" ||
    ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname)
  );
}

/** Writes the cookie and the encoded local-storage fallback, both valid for 90 days. */
function keep(code: string): void {
  document.cookie =
    `${AFFILIATE_COOKIE}=${encodeURIComponent(code)}; Max-Age=${AFFILIATE_COOKIE_MAX_AGE_SECONDS}; ` +
    `Path=/; SameSite=Strict${secureContext() ? "; Secure" : ""}`;
  try {
    const expiresAt = Date.now() + AFFILIATE_COOKIE_MAX_AGE_SECONDS * 1000;
    localStorage.setItem(AFFILIATE_STORAGE_KEY, btoa(JSON.stringify({ code, expiresAt })));
  } catch {
    // Storage may be blocked; the cookie still holds the code.
  }
}

function fromFallback(): string | undefined {
  try {
    const raw = localStorage.getItem(AFFILIATE_STORAGE_KEY);
    if (!raw) return undefined;
    const { code, expiresAt } = JSON.parse(atob(raw)) as { code?: unknown; expiresAt?: unknown };
    if (typeof expiresAt === "number" && expiresAt > Date.now() && isValidAffiliateCode(code)) {
      return code;
    }
    localStorage.removeItem(AFFILIATE_STORAGE_KEY);
  } catch {
    // A damaged or blocked entry counts as none.
  }
  return undefined;
}

/**
 * docs/REQUIREMENTS.md R4.1: a valid code in the URL is stored (source url); otherwise a
 * stored code is refreshed (source cookie); otherwise not affiliated.
 */
export function refreshAffiliate(url: URL = new URL(location.href)): AffiliateState {
  const fromUrl = affiliateCodeFromUrl(url.searchParams);
  if (fromUrl) {
    keep(fromUrl);
    return { affiliateCode: fromUrl, isAffiliated: true, source: "url" };
  }
  const cookie = readCookie(AFFILIATE_COOKIE);
  const stored = isValidAffiliateCode(cookie) ? cookie : fromFallback();
  if (!stored) return NONE;
  keep(stored);
  return { affiliateCode: stored, isAffiliated: true, source: "cookie" };
}

/** The current state without touching storage (for a form submission). */
export function currentAffiliateCode(): string | undefined {
  const cookie = readCookie(AFFILIATE_COOKIE);
  return isValidAffiliateCode(cookie) ? cookie : fromFallback();
}
