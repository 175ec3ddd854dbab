import { and, eq, lte, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, loginAttempts, loginLockouts, sessions, users } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import {
  CLIENT_IP_HEADER,
  getAuth,
  sessionCookieName,
  sessionTokenIn,
  type AuthDeps,
} from "./auth.server";
import {
  failedAttempt,
  lockedAccountMail,
  lockedFor,
  rateLimitWait,
  refused,
  type LoginRefusal,
} from "./login-limits.server";
import { minutesText } from "~/modules/platform/strings";
import { isStaffRole } from "./permissions";
import { fixSessionLifetime } from "./session-lifetime.server";
import { STAFF_STRINGS } from "./staff-strings";
import { isTrustedBrowser, trustBrowser } from "./trusted-browser.server";

/**
 * A staff sign-in attempt from the password to the session: the checks in order, the
 * authenticator's second step, the bookkeeping of a sign-in that succeeded, and the
 * sign-out. The limits it applies are in login-limits.server.ts.
 */

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  honeypot: string;
  ip: string | undefined;
  userAgent: string | undefined;
  /** The request's Cookie header: a trusted-browser cookie passes a lockout. */
  cookieHeader?: string;
}

export type LoginOutcome =
  | { kind: "signed_in"; userId: string; setCookies: string[] }
  | { kind: "two_factor"; setCookies: string[] }
  | LoginRefusal;

/**
 * One sign-in attempt to the staff area, in order: the honeypot, the per-address rate
 * limit, the per-account lockout, then the password (Better Auth). Every attempt is
 * recorded; the history decides the limits, so they hold across server instances.
 *
 * A browser that signed in to the account before (trusted-browser.server.ts) passes the
 * lockout, never the rate limit. Its wrong passwords count like any other, so they can
 * lock the account for other browsers; while a lock is in force they do not extend it.
 */
export async function attemptStaffLogin(
  deps: AuthDeps,
  input: LoginInput,
  now = new Date(),
): Promise<LoginOutcome> {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const record = (success: boolean, reason: string | null) =>
    db.insert(loginAttempts).values({
      email,
      ipAddress: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      success,
      reason,
      createdAt: now,
    });
  const audit = (action: string, details: Record<string, unknown>, actorId?: string) =>
    recordAudit(
      db,
      actorId
        ? { id: actorId, email, ip: input.ip ?? null }
        : { id: null, email: email || null, ip: input.ip ?? null },
      { action, details, at: now },
    );

  if (input.honeypot.trim() !== "") {
    await record(false, "honeypot");
    await audit("sign_in_failed", { reason: "honeypot" });
    return refused(STAFF_STRINGS.login.securityValidation);
  }

  const waitMs = await rateLimitWait(db, input.ip, now);
  if (waitMs > 0) {
    await record(false, "rate_limited");
    return refused(STAFF_STRINGS.login.rateLimited.replace("{minutes}", minutesText(waitMs)), 429);
  }

  const account = email ? await findAccount(db, eq(users.email, email)) : undefined;
  const lockedMs = await lockedFor(db, "staff", email, now);
  const passesLock =
    lockedMs > 0 &&
    account !== undefined &&
    isTrustedBrowser(deps.config, input.cookieHeader, account, now);
  if (lockedMs > 0 && !passesLock) {
    await record(false, "locked");
    return refused(STAFF_STRINGS.login.locked.replace("{minutes}", minutesText(lockedMs)), 423);
  }

  const lockNotice =
    account && isStaffRole(account.role) && !account.banned
      ? lockedAccountMail(account, now, {
          kind: "staff.account_locked",
          whereTo: "staff account",
          afterwards: [
            "A browser you have signed in with before can still sign in during the lock.",
            "",
            "If these attempts were not yours, tell an admin.",
          ],
        })
      : undefined;
  const failed = (reason: "password" | "disabled") =>
    failedAttempt(
      deps,
      { realm: "staff", email, account, lockNotice, lockInForce: passesLock, now, record, audit },
      reason,
    );
  // Not a staff account (a role this area does not know): answered like a wrong password.
  if (account && !isStaffRole(account.role)) return failed("password");
  // Disabled: answered like an unknown address, so the answer does not tell them apart.
  if (account?.banned) return failed("disabled");

  let result;
  try {
    result = await getAuth(deps).api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input),
      returnHeaders: true,
    });
  } catch (error) {
    if (isInvalidCredentials(error)) return failed("password");
    await record(false, "error");
    await audit("sign_in_failed", { reason: "error" }, account?.id);
    throw error;
  }

  const setCookies = result.headers.getSetCookie();
  if ("twoFactorRedirect" in result.response && result.response.twoFactorRedirect) {
    await record(true, "password_ok_two_factor_pending");
    return { kind: "two_factor", setCookies };
  }
  const userId = result.response.user.id;
  const trustCookies = await completeSignIn(deps, {
    userId,
    email,
    ip: input.ip,
    userAgent: input.userAgent,
    cookieHeader: input.cookieHeader,
    passedLock: passesLock,
    now,
  });
  return {
    kind: "signed_in",
    userId,
    setCookies: [
      ...(await fixSessionLifetime(deps, setCookies, input.rememberMe, now)),
      ...trustCookies,
    ],
  };
}

/**
 * The second step for members with an authenticator: the six-digit code (TOTP) against
 * the session the password step began. Answers the Set-Cookie headers of the finished
 * sign-in, or undefined when the code (or the pending step) does not hold.
 */
export async function completeTwoFactorSignIn(
  deps: AuthDeps,
  input: {
    code: string;
    rememberMe: boolean;
    ip: string | undefined;
    userAgent: string | undefined;
    cookieHeader: string | undefined;
  },
  now = new Date(),
): Promise<string[] | undefined> {
  let setCookies: string[];
  try {
    const answer = await getAuth(deps).api.verifyTOTP({
      body: { code: input.code },
      headers: authHeaders(input, input.cookieHeader),
      returnHeaders: true,
    });
    setCookies = answer.headers.getSetCookie();
  } catch {
    return undefined;
  }
  const token = sessionTokenIn(setCookies, sessionCookieName(deps.config));
  const [signedIn] = token
    ? await deps.database.db
        .select({ userId: users.id, email: users.email })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.token, token))
    : [];
  if (!signedIn) return undefined;
  const trustCookies = await completeSignIn(deps, { ...signedIn, ...input, now });
  return [...(await fixSessionLifetime(deps, setCookies, input.rememberMe, now)), ...trustCookies];
}

/**
 * Bookkeeping of a successful sign-in (after the password, or after the authenticator).
 * Returns the Set-Cookie headers that trust this browser for the account from now on.
 */
export async function completeSignIn(
  deps: AuthDeps,
  input: {
    userId: string;
    email: string;
    ip: string | undefined;
    userAgent: string | undefined;
    cookieHeader: string | undefined;
    /** It got past a lock on the strength of its trusted-browser cookie. */
    passedLock?: boolean;
    now: Date;
  },
): Promise<string[]> {
  const db = deps.database.db;
  const { userId, email, ip, now } = input;
  await db.insert(loginAttempts).values({
    email,
    ipAddress: ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    success: true,
    createdAt: now,
  });
  // A lock in force is kept: a trusted browser passes it but does not lift it for others.
  await db
    .delete(loginLockouts)
    .where(
      and(
        eq(loginLockouts.realm, "staff"),
        eq(loginLockouts.email, email),
        lte(loginLockouts.lockedUntil, now),
      ),
    );
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  await recordAudit(
    db,
    { id: userId, email, ip: ip ?? null },
    {
      action: "sign_in",
      details: input.passedLock ? { trustedBrowserDuringLock: true } : {},
      at: now,
    },
  );
  const account = await findAccount(db, eq(users.id, userId));
  return account ? [trustBrowser(deps.config, input.cookieHeader, account, now)] : [];
}

export type SignInAccount = Awaited<ReturnType<typeof findAccount>>;

/**
 * Ends the member's session, in the database and on the cookie; audited. Answers the
 * Set-Cookie headers that clear it.
 */
export async function signOutStaff(
  deps: AuthDeps,
  actor: Actor,
  requestHeaders: Headers,
): Promise<string[]> {
  const answer = await getAuth(deps).api.signOut({
    headers: requestHeaders,
    returnHeaders: true,
  });
  await recordAudit(deps.database.db, actor, { action: "sign_out" });
  return answer.headers.getSetCookie();
}

/** The account an attempt names, with what its trusted-browser cookie is signed with. */
async function findAccount(db: Database, which: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      banned: users.banned,
      updatedAt: users.updatedAt,
      passwordHash: accounts.password,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(which)
    .limit(1);
  return user;
}

function isInvalidCredentials(error: unknown): boolean {
  const body = (error as { body?: { code?: string } } | undefined)?.body;
  return (
    [
      "INVALID_EMAIL_OR_PASSWORD",
      "INVALID_PASSWORD",
      "INVALID_EMAIL",
      "USER_NOT_FOUND",
      // No account has a password of that length: it is simply wrong.
      "PASSWORD_TOO_LONG",
      "PASSWORD_TOO_SHORT",
    ].includes(body?.code ?? "") ||
    (error as { statusCode?: number } | undefined)?.statusCode === 401
  );
}

/** Headers for Better Auth calls: the address we trust, never one the client sent. */
export function authHeaders(
  input: { ip: string | undefined; userAgent: string | undefined },
  cookie?: string,
): Headers {
  const headers = new Headers();
  if (input.ip) headers.set(CLIENT_IP_HEADER, input.ip);
  if (input.userAgent) headers.set("user-agent", input.userAgent);
  if (cookie) headers.set("cookie", cookie);
  return headers;
}
