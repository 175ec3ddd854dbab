import { parseCookie } from "cookie";
import { checkFormToken, FORM_TOKEN_LIFETIME_MS, issueFormToken } from "./form-token.server";

/**
 * The consultation form's fill-time token travels in a cookie rather than in the page, so
 * a page's bytes are the same for every visitor and can be served from the page cache
 * (docs/decisions/015-page-cache.md). A token in the form's own field still counts first.
 */
export const FORM_TOKEN_COOKIE = "lm_form";

/**
 * Longer than the token's life: an expired token must still reach the server, which then
 * asks the visitor to send the form again, instead of arriving with none (taken for spam).
 */
const COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** A page seen after this gives the browser a new token, so a returning visitor's is fresh. */
const RENEW_AFTER_MS = FORM_TOKEN_LIFETIME_MS / 2;

/** The token the browser holds, if any. */
export function formTokenFromCookies(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(`${FORM_TOKEN_COOKIE}=`)) return undefined;
  return parseCookie(cookieHeader)[FORM_TOKEN_COOKIE] || undefined;
}

/**
 * Whether a page answer should give this browser a token: it has none, one this server did
 * not sign (a forged one, or one signed with an AUTH_SECRET since replaced), or an old one.
 */
export function needsFormToken(
  cookieHeader: string | null | undefined,
  secret: string,
  now = Date.now(),
): boolean {
  const token = formTokenFromCookies(cookieHeader);
  const check = checkFormToken(token, secret, now, 0);
  if (check !== "ok") return true;
  return now - parseInt(token!.split(".")[0]!, 36) > RENEW_AFTER_MS;
}

/**
 * The attributes after the token, written once for each scheme: every page answer to a new
 * visitor carries this cookie, thousands a second during a TV spot, and the `cookie`
 * package's checks on each call took about 5% of the server's thread then
 * (docs/decisions/019-fast-page-hits.md).
 */
const BASE_ATTRIBUTES = `; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly`;
const HTTP_ATTRIBUTES = `${BASE_ATTRIBUTES}; SameSite=Lax`;
const HTTPS_ATTRIBUTES = `${BASE_ATTRIBUTES}; Secure; SameSite=Lax`;

/**
 * A Set-Cookie value with a new token, issued now. The token is base-36 digits, base64url
 * and dots, all allowed in a cookie as they are, so it needs no encoding.
 */
export function formTokenSetCookie(secret: string, secure: boolean, now = Date.now()): string {
  const attributes = secure ? HTTPS_ATTRIBUTES : HTTP_ATTRIBUTES;
  return `${FORM_TOKEN_COOKIE}=${issueFormToken(secret, now)}${attributes}`;
}
