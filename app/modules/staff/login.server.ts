import { parseCookie, stringifySetCookie } from "cookie";
import { and, count, desc, eq, gt, inArray, lt, lte, min, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, loginAttempts, loginLockouts, sessions, users } from "~/db/schema";
import { minutesText } from "~/modules/platform/strings";
import { STAFF_STRINGS } from "./staff-strings";
import { recordAudit } from "~/modules/audit/audit.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import {
  CLIENT_IP_HEADER,
  getAuth,
  REMEMBERED_SESSION_SECONDS,
  SESSION_SECONDS,
  sessionCookieName,
  type AuthDeps,
} from "./auth.server";
import { isStaffRole } from "./permissions";
import { isTrustedBrowser, trustBrowser } from "./trusted-browser.server";

/** SPEC §9's numbers for the staff sign-in, enforced here for every instance. */
export const LOGIN_RULES = {
  /** Failures for one e-mail that lock it... */
  lockoutFailures: 5,
  /** ...for this long. Failures older than this no longer count towards a lockout. */
  lockoutMs: 15 * 60_000,
  /** Attempts from one address within the window before it must wait. */
  rateLimitAttempts: 10,
  rateLimitWindowMs: 5 * 60_000,
  /** Failures for one e-mail within the window that look like someone guessing. */
  suspiciousFailures: 3,
  suspiciousWindowMs: 5 * 60_000,
  /** How long attempts are kept. */
  historyMs: 24 * 60 * 60_000,
  /** Every answer takes this long, whatever happened. */
  minDelayMs: 800,
  maxDelayMs: 1200,
} as const;

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
  | { kind: "refused"; message: string; status: number };

const refused = (message: string, status = 400): LoginOutcome => ({
  kind: "refused",
  message,
  status,
});

/** Failures that count towards the suspicion and lockout thresholds. */
const COUNTED_FAILURES = ["password", "disabled"];

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
    recordAudit(db, {
      actorId: actorId ?? null,
      actorEmail: email || null,
      action,
      details,
      ipAddress: input.ip ?? null,
      at: now,
    });

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
  const lockedMs = await lockedFor(db, email, now);
  const passesLock =
    lockedMs > 0 &&
    account !== undefined &&
    isTrustedBrowser(deps.config, input.cookieHeader, account, now);
  if (lockedMs > 0 && !passesLock) {
    await record(false, "locked");
    return refused(STAFF_STRINGS.login.locked.replace("{minutes}", minutesText(lockedMs)), 423);
  }

  const failed = (reason: "password" | "disabled") =>
    failedAttempt(deps, { email, account, lockInForce: passesLock, now, record, audit }, reason);
  // Not a staff account (e.g. an affiliate): answered like a wrong password.
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
    .where(and(eq(loginLockouts.email, email), lte(loginLockouts.lockedUntil, now)));
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  await recordAudit(db, {
    actorId: userId,
    actorEmail: email,
    action: "sign_in",
    details: input.passedLock ? { trustedBrowserDuringLock: true } : {},
    ipAddress: ip ?? null,
    at: now,
  });
  const account = await findAccount(db, eq(users.id, userId));
  return account ? [trustBrowser(deps.config, input.cookieHeader, account, now)] : [];
}

type SignInAccount = Awaited<ReturnType<typeof findAccount>>;

async function failedAttempt(
  deps: AuthDeps,
  attempt: {
    email: string;
    account: SignInAccount;
    /** Only a trusted browser gets here during a lock; its failures do not extend it. */
    lockInForce: boolean;
    now: Date;
    record: (success: boolean, reason: string | null) => Promise<unknown>;
    audit: (action: string, details: Record<string, unknown>, actorId?: string) => Promise<unknown>;
  },
  reason: "password" | "disabled",
): Promise<LoginOutcome> {
  const db = deps.database.db;
  const { email, now, record, audit } = attempt;
  await record(false, reason);
  await audit(
    "sign_in_failed",
    { reason },
    reason === "disabled" ? attempt.account?.id : undefined,
  );

  const since = await lastSuccess(db, email);
  const failuresSince = async (windowMs: number) => {
    const from = new Date(Math.max(now.getTime() - windowMs, since?.getTime() ?? 0));
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.success, false),
          inArray(loginAttempts.reason, COUNTED_FAILURES),
          gt(loginAttempts.createdAt, from),
        ),
      );
    return Number(row?.n ?? 0);
  };

  if (
    !attempt.lockInForce &&
    (await failuresSince(LOGIN_RULES.lockoutMs)) >= LOGIN_RULES.lockoutFailures
  ) {
    const lockedUntil = await lockAccount(deps, email, attempt.account, now);
    if (lockedUntil) await audit("account_locked", { until: lockedUntil.toISOString() });
    return refused(
      STAFF_STRINGS.login.locked.replace("{minutes}", minutesText(LOGIN_RULES.lockoutMs)),
      423,
    );
  }
  if ((await failuresSince(LOGIN_RULES.suspiciousWindowMs)) >= LOGIN_RULES.suspiciousFailures) {
    return refused(STAFF_STRINGS.login.suspicious, 401);
  }
  return refused(STAFF_STRINGS.login.invalid, 401);
}

/**
 * Locks the address for 15 minutes and, for an enabled staff account, mails its owner in
 * the same transaction. Answers the lock's end, or undefined when another attempt locked
 * it a moment ago (one lock, one e-mail).
 */
async function lockAccount(
  deps: AuthDeps,
  email: string,
  account: SignInAccount,
  now: Date,
): Promise<Date | undefined> {
  const lockedUntil = new Date(now.getTime() + LOGIN_RULES.lockoutMs);
  return deps.database.transaction(async (tx) => {
    const [lock] = await tx.db
      .insert(loginLockouts)
      .values({ email, lockedUntil, createdAt: now })
      .onConflictDoUpdate({
        target: loginLockouts.email,
        set: { lockedUntil, createdAt: now },
        // Only a lock that has ended is replaced.
        setWhere: lte(loginLockouts.lockedUntil, now),
      })
      .returning({ email: loginLockouts.email });
    if (!lock) return undefined;
    if (account && isStaffRole(account.role) && !account.banned) {
      await enqueueMail(tx, deps.boss, lockedAccountMail(account, now));
    }
    return lockedUntil;
  });
}

/** The owner's notice of a lock: no address or password of whoever tried, only the facts. */
function lockedAccountMail(account: { name: string; email: string }, lockedAt: Date) {
  const duration = minutesText(LOGIN_RULES.lockoutMs);
  return {
    kind: "staff.account_locked",
    to: [account.email],
    subject: `Your staff account was locked for ${duration}`,
    text: [
      `Hello ${account.name},`,
      "",
      `Your staff account (${account.email}) was locked for ${duration} on`,
      `${lockedAt.toUTCString()} after repeated failed sign-ins.`,
      "",
      "A browser you have signed in with before can still sign in during the lock.",
      "",
      "If these attempts were not yours, tell an admin.",
    ].join("\n"),
  };
}

/** How long this address must wait, 0 when it may try now. */
async function rateLimitWait(db: Database, ip: string | undefined, now: Date): Promise<number> {
  if (!ip) return 0;
  const windowStart = new Date(now.getTime() - LOGIN_RULES.rateLimitWindowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ipAddress, ip), gt(loginAttempts.createdAt, windowStart)));
  if (Number(row?.n ?? 0) < LOGIN_RULES.rateLimitAttempts || !row?.oldest) return 0;
  // The window frees up when its oldest attempt leaves it.
  return new Date(row.oldest).getTime() + LOGIN_RULES.rateLimitWindowMs - now.getTime();
}

async function lockedFor(db: Database, email: string, now: Date): Promise<number> {
  const [lock] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(and(eq(loginLockouts.email, email), gt(loginLockouts.lockedUntil, now)));
  return lock ? lock.lockedUntil.getTime() - now.getTime() : 0;
}

async function lastSuccess(db: Database, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.at;
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

/**
 * Sessions are created for 30 days; without "remember me" the session is cut to 24 hours,
 * in the database and on the cookie (SPEC §9). Returns the Set-Cookie headers to send.
 */
export function fixSessionLifetime(
  deps: AuthDeps,
  setCookies: string[],
  rememberMe: boolean,
  now = new Date(),
): Promise<string[]> {
  const seconds = rememberMe ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
  return setSessionEnd(deps, setCookies, new Date(now.getTime() + seconds * 1000), now);
}

/**
 * Gives the session Better Auth just set a fixed end, in the database and on its cookie;
 * Better Auth's "do not remember" marker is dropped (the end is explicit now).
 */
export async function setSessionEnd(
  deps: AuthDeps,
  setCookies: string[],
  expiresAt: Date,
  now = new Date(),
): Promise<string[]> {
  const name = sessionCookieName(deps.config);
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const result: string[] = [];
  for (const cookie of setCookies) {
    if (!cookie.startsWith(`${name}=`)) {
      if (!/\.dont_remember=/.test(cookie)) result.push(cookie);
      continue;
    }
    const value = decodeURIComponent(cookie.slice(name.length + 1).split(";")[0] ?? "");
    const token = value.split(".")[0] ?? "";
    await deps.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, token));
    const attributes = cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim())
      .filter((part) => !/^(max-age|expires)=/i.test(part));
    result.push(
      [
        cookie.split(";")[0],
        `Max-Age=${seconds}`,
        `Expires=${expiresAt.toUTCString()}`,
        ...attributes,
      ].join("; "),
    );
  }
  return result;
}

/** Attempts older than 24 hours are forgotten (housekeeping); lockouts once they end. */
export async function purgeLoginHistory(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_RULES.historyMs)))
    .returning({ id: loginAttempts.id });
  await db.delete(loginLockouts).where(lt(loginLockouts.lockedUntil, now));
  return deleted.length;
}

/** A random pause so every answer takes 800-1200 ms from `startedAt`. */
export async function answerDelay(startedAt: number, random = Math.random): Promise<void> {
  const target =
    LOGIN_RULES.minDelayMs + random() * (LOGIN_RULES.maxDelayMs - LOGIN_RULES.minDelayMs);
  const remaining = target - (Date.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

/** Where to go after signing in: a path in the staff area, never another site. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/admin") || value.startsWith("//") || value.includes("\\")) {
    return "/admin/dashboard";
  }
  return value.startsWith("/admin/login") ? "/admin/dashboard" : value;
}

/** Carries the "remember me" choice across the authenticator step (10 minutes). */
export const REMEMBER_COOKIE = "lumen.remember";

export const rememberCookie = (rememberMe: boolean): string =>
  stringifySetCookie(REMEMBER_COOKIE, rememberMe ? "1" : "0", {
    path: "/admin/login",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 600,
  });

export const rememberedChoice = (request: Request): boolean =>
  parseCookie(request.headers.get("cookie") ?? "")[REMEMBER_COOKIE] === "1";
