import { and, count, desc, eq, gt, inArray, lt, lte, min } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { loginAttempts, loginLockouts, type SignInRealm } from "~/db/schema";
import type { OutgoingMail } from "~/modules/mail/mail.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { minutesText } from "~/modules/platform/strings";
import type { AuthDeps } from "./auth.server";
import { STAFF_STRINGS } from "./staff-strings";

/**
 * The limits on staff sign-in (docs/REQUIREMENTS.md R9.3): the per-address rate limit,
 * the per-account suspicion and lockout thresholds, the constant answer time, and the
 * forgetting of old attempts. Decided from the recorded attempts, so they hold across
 * server instances.
 */

/** The staff sign-in's numbers (docs/REQUIREMENTS.md R9.3), enforced here for every instance. */
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

/** A refused attempt: the message to show, to the letter, and the HTTP status. */
export type LoginRefusal = { kind: "refused"; message: string; status: number };

export const refused = (message: string, status = 400): LoginRefusal => ({
  kind: "refused",
  message,
  status,
});

/** Failures that count towards the suspicion and lockout thresholds. */
const COUNTED_FAILURES = ["password", "disabled"];

/**
 * A failed password (or a disabled account, answered the same): recorded, and answered
 * with the lockout, the suspicion or the plain refusal the history calls for.
 */
export async function failedAttempt(
  deps: Pick<AuthDeps, "database" | "boss">,
  attempt: {
    realm: SignInRealm;
    email: string;
    /** The account the e-mail names, if any: its id goes with a "disabled" audit. */
    account: { id: string } | undefined;
    /** Sent to the account's owner when this failure locks it. */
    lockNotice: OutgoingMail | undefined;
    /** Only a trusted browser gets here during a lock; its failures do not extend it. */
    lockInForce: boolean;
    now: Date;
    record: (success: boolean, reason: string | null) => Promise<unknown>;
    audit: (action: string, details: Record<string, unknown>, actorId?: string) => Promise<unknown>;
  },
  reason: "password" | "disabled",
): Promise<LoginRefusal> {
  const db = deps.database.db;
  const { email, now, record, audit } = attempt;
  await record(false, reason);
  await audit(
    "sign_in_failed",
    { reason },
    reason === "disabled" ? attempt.account?.id : undefined,
  );

  const since = await lastSuccess(db, attempt.realm, email);
  const failuresSince = async (windowMs: number) => {
    const from = new Date(Math.max(now.getTime() - windowMs, since?.getTime() ?? 0));
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.realm, attempt.realm),
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
    const lockedUntil = await lockAccount(deps, attempt, now);
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
 * Locks the address for 15 minutes and mails the lock notice, if any, to its owner in the
 * same transaction. Answers the lock's end, or undefined when another attempt locked it a
 * moment ago (one lock, one e-mail).
 */
async function lockAccount(
  deps: Pick<AuthDeps, "database" | "boss">,
  { realm, email, lockNotice }: { realm: SignInRealm; email: string; lockNotice?: OutgoingMail },
  now: Date,
): Promise<Date | undefined> {
  const lockedUntil = new Date(now.getTime() + LOGIN_RULES.lockoutMs);
  return deps.database.transaction(async (tx) => {
    const [lock] = await tx.db
      .insert(loginLockouts)
      .values({ realm, email, lockedUntil, createdAt: now })
      .onConflictDoUpdate({
        target: [loginLockouts.realm, loginLockouts.email],
        set: { lockedUntil, createdAt: now },
        // Only a lock that has ended is replaced.
        setWhere: lte(loginLockouts.lockedUntil, now),
      })
      .returning({ email: loginLockouts.email });
    if (!lock) return undefined;
    if (lockNotice) await enqueueMail(tx, deps.boss, lockNotice);
    return lockedUntil;
  });
}

/**
 * The owner's notice of a lock: no address or password of whoever tried, only the facts.
 * `whereTo` names what they sign in to ("staff account"); `afterwards` is the advice.
 */
export function lockedAccountMail(
  account: { name: string; email: string },
  lockedAt: Date,
  { kind, whereTo, afterwards }: { kind: string; whereTo: string; afterwards: string[] },
): OutgoingMail {
  const duration = minutesText(LOGIN_RULES.lockoutMs);
  return {
    kind,
    to: [account.email],
    subject: `Your ${whereTo} was locked for ${duration}`,
    text: [
      `Hello ${account.name},`,
      "",
      `Your ${whereTo} (${account.email}) was locked for ${duration} on`,
      `${lockedAt.toUTCString()} after repeated failed sign-ins.`,
      "",
      ...afterwards,
    ].join("\n"),
  };
}

/** How long this address must wait, 0 when it may try now. */
export async function rateLimitWait(
  db: Database,
  ip: string | undefined,
  now: Date,
): Promise<number> {
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

export async function lockedFor(
  db: Database,
  realm: SignInRealm,
  email: string,
  now: Date,
): Promise<number> {
  const [lock] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(
      and(
        eq(loginLockouts.realm, realm),
        eq(loginLockouts.email, email),
        gt(loginLockouts.lockedUntil, now),
      ),
    );
  return lock ? lock.lockedUntil.getTime() - now.getTime() : 0;
}

async function lastSuccess(
  db: Database,
  realm: SignInRealm,
  email: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.realm, realm),
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, true),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.at;
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
