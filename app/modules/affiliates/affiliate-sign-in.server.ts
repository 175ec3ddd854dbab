import { and, eq, lte } from "drizzle-orm";
import { affiliates, affiliateSessions, loginAttempts, loginLockouts } from "~/db/schema";
import { minutesText } from "~/modules/platform/strings";
import {
  failedAttempt,
  lockedAccountMail,
  lockedFor,
  rateLimitWait,
  refused,
  type LoginRefusal,
} from "~/modules/staff/login-limits.server";
import { sessionTokenIn } from "~/modules/staff/auth.server";
import { authHeaders } from "~/modules/staff/sign-in-attempt.server";
import {
  affiliateSessionCookieName,
  getAffiliateAuth,
  type AffiliateAuthDeps,
} from "./affiliate-auth.server";
import { findAffiliateByEmail, recordAffiliateEvent } from "./affiliate-records.server";
import type { AffiliateStatus } from "./affiliate-rules";
import { AFFILIATE_STRINGS } from "./affiliate-strings";

/**
 * An affiliate's sign-in, from the password to the portal (docs/REQUIREMENTS.md R4.9,
 * R5.11, R7.6): the staff sign-in's limits (R9.3, realm "affiliate": the same numbers,
 * their own lockouts), Better Auth for the password and the authenticator, the affiliate
 * event log, and sign-out with a scope.
 */

export interface AffiliateLoginInput {
  email: string;
  password: string;
  honeypot: string;
  ip: string | undefined;
  userAgent: string | undefined;
}

export type AffiliateLoginOutcome =
  | { kind: "signed_in"; affiliateId: string; setCookies: string[] }
  /** The password held; the authenticator's code is next (aal1 on the way to aal2). */
  | { kind: "two_factor"; setCookies: string[] }
  /** The password held, but the account may not use the portal (pending, rejected, disabled). */
  | { kind: "not_admitted"; status: Exclude<AffiliateStatus, "approved">; message: string }
  | LoginRefusal;

/** Better Auth's error name for a failed sign-in, or AUTH_ERROR (R7.6). */
function errorName(error: unknown): string {
  const code = (error as { body?: { code?: unknown } } | undefined)?.body?.code;
  return typeof code === "string" && /^[A-Z0-9_]{1,60}$/.test(code) ? code : "AUTH_ERROR";
}

const INVALID_CREDENTIALS = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PASSWORD",
  "INVALID_EMAIL",
  "USER_NOT_FOUND",
  "CREDENTIAL_ACCOUNT_NOT_FOUND",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TOO_SHORT",
]);

/**
 * One sign-in attempt to the portal, in the staff sign-in's order: the honeypot, the
 * per-address rate limit, the per-account lockout, the password; then the account's
 * status. Every attempt is recorded for the limits; failures and successes go to the
 * affiliate event log.
 */
export async function attemptAffiliateLogin(
  deps: AffiliateAuthDeps,
  input: AffiliateLoginInput,
  now = new Date(),
): Promise<AffiliateLoginOutcome> {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const affiliate = email ? await findAffiliateByEmail(db, email) : undefined;
  const record = (success: boolean, reason: string | null) =>
    db.insert(loginAttempts).values({
      realm: "affiliate",
      email,
      ipAddress: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      success,
      reason,
      createdAt: now,
    });
  const loginFailed = (errorCode: string) =>
    recordAffiliateEvent(db, {
      affiliateId: affiliate?.id ?? null,
      eventType: "login_failed",
      details: { email, error_code: errorCode, method: "password" },
      at: now,
    });

  if (input.honeypot.trim() !== "") {
    await record(false, "honeypot");
    await loginFailed("HONEYPOT");
    return refused(AFFILIATE_STRINGS.limits.securityValidation);
  }
  const waitMs = await rateLimitWait(db, input.ip, now);
  if (waitMs > 0) {
    await record(false, "rate_limited");
    await loginFailed("RATE_LIMITED");
    return refused(
      AFFILIATE_STRINGS.limits.rateLimited.replace("{minutes}", minutesText(waitMs)),
      429,
    );
  }
  const lockedMs = await lockedFor(db, "affiliate", email, now);
  if (lockedMs > 0) {
    await record(false, "locked");
    await loginFailed("ACCOUNT_LOCKED");
    return refused(
      AFFILIATE_STRINGS.limits.locked.replace("{minutes}", minutesText(lockedMs)),
      423,
    );
  }

  let result;
  try {
    result = await getAffiliateAuth(deps).api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input),
      returnHeaders: true,
    });
  } catch (error) {
    const code = errorName(error);
    if (!INVALID_CREDENTIALS.has(code) && (error as { statusCode?: number }).statusCode !== 401) {
      await record(false, "error");
      await loginFailed(code);
      throw error;
    }
    await loginFailed(code);
    const refusal = await failedAttempt(
      deps,
      {
        realm: "affiliate",
        email,
        account: affiliate,
        lockNotice: affiliate
          ? lockedAccountMail(affiliate, now, {
              kind: "affiliate.account_locked",
              whereTo: "partner portal account",
              afterwards: [
                "If these attempts were not yours, you can reset your password from the sign-in page.",
              ],
            })
          : undefined,
        lockInForce: false,
        now,
        record,
        audit: async () => {},
      },
      "password",
    );
    // Wrong e-mail or password: R8.3's words; the limits keep R8.1's.
    return refusal.status === 401 && refusal.message !== AFFILIATE_STRINGS.limits.suspicious
      ? refused(AFFILIATE_STRINGS.portal.signInFailed, 401)
      : refusal;
  }

  const setCookies = result.headers.getSetCookie();
  const twoFactorPending =
    "twoFactorRedirect" in result.response && Boolean(result.response.twoFactorRedirect);
  const signedIn = !twoFactorPending && "user" in result.response ? result.response : undefined;
  // R5.11: a session and a user, and an affiliate record for the e-mail.
  if (!twoFactorPending && (!signedIn?.token || !signedIn.user || !affiliate)) {
    if (signedIn?.token) await endSession(deps, signedIn.token);
    await record(false, "no_session");
    await loginFailed("NO_SESSION");
    return refused(AFFILIATE_STRINGS.portal.noSession, 401);
  }
  await record(true, twoFactorPending ? "password_ok_two_factor_pending" : null);
  if (affiliate!.status !== "approved") {
    if (signedIn?.token) await endSession(deps, signedIn.token);
    await loginFailed(`ACCOUNT_${affiliate!.status.toUpperCase()}`);
    return {
      kind: "not_admitted",
      status: affiliate!.status,
      message: AFFILIATE_STRINGS.status[affiliate!.status],
    };
  }
  if (twoFactorPending) return { kind: "two_factor", setCookies };
  await completeAffiliateSignIn(deps, { affiliateId: affiliate!.id, email, now });
  return { kind: "signed_in", affiliateId: affiliate!.id, setCookies };
}

/**
 * The authenticator's step (aal1 to aal2, R6.4): the six-digit code against the pending
 * sign-in the password began. Answers the session's Set-Cookie headers, or undefined when
 * the code (or the pending step) does not hold.
 */
export async function completeAffiliateTwoFactor(
  deps: AffiliateAuthDeps,
  input: {
    code: string;
    ip: string | undefined;
    userAgent: string | undefined;
    cookieHeader: string | undefined;
  },
  now = new Date(),
): Promise<{ affiliateId: string; setCookies: string[] } | undefined> {
  let setCookies: string[];
  try {
    const answer = await getAffiliateAuth(deps).api.verifyTOTP({
      body: { code: input.code },
      headers: authHeaders(input, input.cookieHeader),
      returnHeaders: true,
    });
    setCookies = answer.headers.getSetCookie();
  } catch {
    return undefined;
  }
  const token = sessionTokenOf(deps, setCookies);
  const [signedIn] = token
    ? await deps.database.db
        .select({ id: affiliates.id, email: affiliates.email, status: affiliates.status })
        .from(affiliateSessions)
        .innerJoin(affiliates, eq(affiliates.id, affiliateSessions.userId))
        .where(eq(affiliateSessions.token, token))
    : [];
  if (!signedIn || signedIn.status !== "approved") {
    if (token) await endSession(deps, token);
    return undefined;
  }
  await deps.database.db
    .update(affiliateSessions)
    .set({ assuranceLevel: "aal2" })
    .where(eq(affiliateSessions.token, token!));
  await completeAffiliateSignIn(deps, { affiliateId: signedIn.id, email: signedIn.email, now });
  return { affiliateId: signedIn.id, setCookies };
}

/**
 * What a completed sign-in leaves: last_login set (R3.12: at each sign-in, whatever the
 * portal's page loads last wrote), the lock lifted if it has run out, login_success (R7.6).
 */
async function completeAffiliateSignIn(
  deps: AffiliateAuthDeps,
  { affiliateId, email, now }: { affiliateId: string; email: string; now: Date },
): Promise<void> {
  const db = deps.database.db;
  await db.update(affiliates).set({ lastLoginAt: now }).where(eq(affiliates.id, affiliateId));
  await db
    .delete(loginLockouts)
    .where(
      and(
        eq(loginLockouts.realm, "affiliate"),
        eq(loginLockouts.email, email),
        lte(loginLockouts.lockedUntil, now),
      ),
    );
  await recordAffiliateEvent(db, {
    affiliateId,
    eventType: "login_success",
    details: { email, method: "password" },
    at: now,
  });
}

/** The session token a Set-Cookie list carries, if any. */
export const sessionTokenOf = (deps: AffiliateAuthDeps, setCookies: readonly string[]) =>
  sessionTokenIn(setCookies, affiliateSessionCookieName(deps.config));

async function endSession(deps: AffiliateAuthDeps, token: string): Promise<void> {
  await deps.database.db.delete(affiliateSessions).where(eq(affiliateSessions.token, token));
}

/** R4.9's sign-out scopes: this device, the others, or everywhere. */
export const SIGN_OUT_SCOPES = ["local", "others", "global"] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

/**
 * Signs the affiliate out with a scope (R4.9): "local" ends this session, "others" every
 * other one (this one goes on), "global" all of them. Answers the Set-Cookie headers to
 * send (clearing the cookie unless the scope is "others"). logout goes to the event log.
 */
export async function signOutAffiliate(
  deps: AffiliateAuthDeps,
  affiliate: { id: string; email: string },
  scope: SignOutScope,
  headers: Headers,
): Promise<string[]> {
  const api = getAffiliateAuth(deps).api;
  let setCookies: string[] = [];
  if (scope === "others") {
    await api.revokeOtherSessions({ headers });
  } else {
    if (scope === "global") await api.revokeSessions({ headers });
    const answer = await api.signOut({ headers, returnHeaders: true });
    setCookies = answer.headers.getSetCookie();
  }
  await recordAffiliateEvent(deps.database.db, {
    affiliateId: affiliate.id,
    eventType: "logout",
    details: { email: affiliate.email, affiliate_id: affiliate.id, scope },
  });
  return setCookies;
}

/** Ends every session of an affiliate at once (disabled, rejected, factor reset). */
export async function endAffiliateSessions(
  deps: Pick<AffiliateAuthDeps, "database">,
  affiliateId: string,
): Promise<number> {
  const ended = await deps.database.db
    .delete(affiliateSessions)
    .where(eq(affiliateSessions.userId, affiliateId))
    .returning({ id: affiliateSessions.id });
  return ended.length;
}
