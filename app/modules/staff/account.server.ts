import { and, eq, gt } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import type * as z from "zod";
import type { Database } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { hitRateLimit } from "~/modules/platform/rate-limit.server";
import { minutesText } from "~/modules/platform/strings";
import { getAuth, type AuthDeps } from "./auth.server";
import { ACCOUNT_MESSAGES, changePasswordSchema, newPasswordSchema } from "./account.schema";
import { setSessionEnd } from "./session-lifetime.server";

export { ACCOUNT_MESSAGES } from "./account.schema";

/**
 * A staff member's own sign-in: choosing a password from an e-mailed link, changing it,
 * and keeping a session's lifetime when Better Auth swaps the session for a new one.
 */

export type FieldErrors = Record<string, string>;

function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The code of a Better Auth API error ("INVALID_PASSWORD"), if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } } | undefined)?.body?.code;
}

/** Password checks per member: 10 in 15 minutes, so a stolen session cannot guess it. */
const PASSWORD_ATTEMPTS = { limit: 10, windowMs: 15 * 60_000 };

/** Counts a password check; the message to show when there were too many. */
export async function passwordAttemptRefusal(
  db: Database,
  userId: string,
): Promise<string | undefined> {
  const result = await hitRateLimit(db, `account-password:${userId}`, PASSWORD_ATTEMPTS);
  return result.allowed
    ? undefined
    : ACCOUNT_MESSAGES.tooManyAttempts.replace("{minutes}", minutesText(result.retryAfterMs));
}

/* Set a password from an e-mailed link ------------------------------------------------ */

const tokenIdentifier = (token: string) => `reset-password:${token}`;

/** The account a still-valid password link belongs to. */
export async function passwordTokenOwner(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, tokenIdentifier(token)), gt(verifications.expiresAt, now)),
    );
  return row?.userId;
}

export type SetPasswordOutcome = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * Sets the password of the account the link was made for (an invitation or a reset),
 * once: the token is consumed and the account's other sessions end.
 */
export async function setPasswordWithToken(
  deps: AuthDeps,
  input: { token: string; password: string; confirmPassword: string; ip: string | null },
): Promise<SetPasswordOutcome> {
  const db = deps.database.db;
  const userId = await passwordTokenOwner(db, input.token);
  if (!userId) return { ok: false, errors: { form: ACCOUNT_MESSAGES.linkInvalid } };
  const parsed = newPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  try {
    await getAuth(deps).api.resetPassword({
      body: { newPassword: parsed.data.password, token: input.token },
    });
  } catch (error) {
    if (authErrorCode(error) === "INVALID_TOKEN") {
      return { ok: false, errors: { form: ACCOUNT_MESSAGES.linkInvalid } };
    }
    throw error;
  }
  await recordAudit(
    db,
    { id: userId, email: (await emailOf(db, userId)) ?? "", ip: input.ip },
    { action: "account.password_set", target: `user:${userId}`, details: { via: "link" } },
  );
  return { ok: true };
}

async function emailOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/* Change one's own password ----------------------------------------------------------- */

export type ChangePasswordOutcome =
  { ok: true; setCookies: string[] } | { ok: false; errors: FieldErrors };

/**
 * Changes the signed-in member's password and ends their other sessions; this session
 * goes on (Better Auth replaces it, keeping its lifetime).
 */
export async function changeOwnPassword(
  deps: AuthDeps,
  actor: Actor,
  headers: Headers,
  input: { currentPassword: string; password: string; confirmPassword: string },
): Promise<ChangePasswordOutcome> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  const db = deps.database.db;
  const refusal = await passwordAttemptRefusal(db, actor.id);
  if (refusal) return { ok: false, errors: { currentPassword: refusal } };
  const setCookies = await changeKeepingSession(deps, actor, headers, {
    refusedWith: "INVALID_PASSWORD",
    change: (api) =>
      api.changePassword({
        body: {
          currentPassword: parsed.data.currentPassword,
          newPassword: parsed.data.password,
          revokeOtherSessions: true,
        },
        headers,
        returnHeaders: true,
      }),
    audit: { action: "account.password", details: { otherSessionsEnded: true } },
  });
  if (!setCookies) {
    return { ok: false, errors: { currentPassword: ACCOUNT_MESSAGES.currentPassword } };
  }
  return { ok: true, setCookies };
}

/* Session lifetime -------------------------------------------------------------------- */

/** When the session of these request headers ends. */
export async function currentSessionExpiry(
  deps: AuthDeps,
  headers: Headers,
): Promise<Date | undefined> {
  const found = await getAuth(deps).api.getSession({ headers });
  return found ? new Date(found.session.expiresAt) : undefined;
}

/**
 * Better Auth replaces the session after a password change or an authenticator change,
 * with its default lifetime (30 days). The new session keeps the old one's end instead
 * (24 hours unless "remember me" was ticked), in the database and on the cookie.
 */
export async function keepSessionLifetime(
  deps: AuthDeps,
  setCookies: string[],
  expiresAt: Date | undefined,
  now = new Date(),
): Promise<string[]> {
  return expiresAt ? setSessionEnd(deps, setCookies, expiresAt, now) : setCookies;
}

type AuthApi = ReturnType<typeof getAuth>["api"];

/**
 * A change to the signed-in member's own account through Better Auth, which answers with
 * a new session cookie: the new session keeps the old one's end and the change is audited.
 * Undefined when Better Auth refuses it with the error code `refusedWith`.
 */
export async function changeKeepingSession(
  deps: AuthDeps,
  actor: Actor,
  headers: Headers,
  change: {
    refusedWith: string;
    change: (api: AuthApi) => Promise<{ headers: Headers }>;
    audit: { action: string; details: Record<string, unknown> };
  },
): Promise<string[] | undefined> {
  const expiresAt = await currentSessionExpiry(deps, headers);
  let setCookies: string[];
  try {
    setCookies = (await change.change(getAuth(deps).api)).headers.getSetCookie();
  } catch (error) {
    if (authErrorCode(error) === change.refusedWith) return undefined;
    throw error;
  }
  await recordAudit(deps.database.db, actor, { ...change.audit, target: `user:${actor.id}` });
  return keepSessionLifetime(deps, setCookies, expiresAt);
}
