import { and, eq, ne } from "drizzle-orm";
import {
  affiliates,
  affiliateSessions,
  affiliateTwoFactors,
  affiliateUsers,
  affiliateVerifications,
} from "~/db/schema";
import { checkFormToken } from "~/modules/leads/form-token.server";
import { enqueueMail } from "~/modules/mail/mail.server";
import { hitRateLimit, type RateLimit } from "~/modules/platform/rate-limit.server";
import { minutesText } from "~/modules/platform/strings";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES } from "~/modules/staff/account.schema";
import { authErrorCode } from "~/modules/staff/account.server";
import { describePendingTotp, type PendingTotp } from "~/modules/staff/two-factor.server";
import { CODE_HINT } from "./affiliate-account.schema";
import {
  getAffiliateAuth,
  sendingPasswordLink,
  AFFILIATE_RESET_PATH,
  type AffiliateAuthDeps,
} from "./affiliate-auth.server";
import {
  findAffiliateByEmail,
  insertAffiliate,
  isCodeFree,
  recordAffiliateEvent,
} from "./affiliate-records.server";
import { suggestAffiliateCode } from "./affiliate-rules";
import { sessionTokenOf } from "./affiliate-sign-in.server";
import { AFFILIATE_STRINGS } from "./affiliate-strings";

/**
 * An affiliate's own account: the application that asks to join, the password link that
 * resets a forgotten password (R5.10: answered the same for unknown e-mails), the profile,
 * the password and the authenticator (R4.10, R6.4).
 */

type Errors = Record<string, string>;
export type AccountOutcome = { ok: true; setCookies?: string[] } | { ok: false; errors: Errors };

/** Applications and reset requests one address may send, like the consultation form's. */
const PUBLIC_FORM_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000 };

export const APPLICATION_MESSAGES = {
  rateLimited: "Too many attempts. Please wait {minutes} before trying again.",
  codeTaken: "That code is already taken. Choose another, or leave it empty to get one.",
} as const;

export interface Application {
  name: string;
  email: string;
  phone: string;
  company: string;
  howTheyKnow: string;
  code?: string;
  password: string;
  website: string;
  formToken?: string;
  ip: string | undefined;
}

/**
 * The public application (/affiliate/signup): a pending affiliate who can sign in once an
 * admin approves. Bots (honeypot, a form filled in under 3 s or without its token) and
 * an e-mail that already has an account get the same "received" answer as everyone; the
 * owner of that e-mail is told by mail instead. Mails the applicant and the staff.
 */
export async function applyAsAffiliate(
  deps: AffiliateAuthDeps & { secret: string },
  input: Application,
  now = new Date(),
): Promise<AccountOutcome> {
  const db = deps.database.db;
  const token = checkFormToken(input.formToken, deps.secret, now.getTime());
  if (input.website.trim() !== "" || token === "too_fast" || token === "missing_form_token") {
    return { ok: true };
  }
  const limit = await hitRateLimit(
    db,
    `affiliate-signup:${input.ip ?? "unknown"}`,
    PUBLIC_FORM_LIMIT,
    now,
  );
  if (!limit.allowed) {
    return {
      ok: false,
      errors: {
        form: APPLICATION_MESSAGES.rateLimited.replace(
          "{minutes}",
          minutesText(limit.retryAfterMs),
        ),
      },
    };
  }
  const email = input.email.trim().toLowerCase();
  const company = await getCompanySettings(db);
  if (await findAffiliateByEmail(db, email)) {
    await deps.database.transaction((tx) =>
      enqueueMail(tx, deps.boss, {
        kind: "affiliate.application_duplicate",
        to: [email],
        subject: `Your partner account with ${company.name}`,
        text: [
          "Hello,",
          "",
          `Someone (perhaps you) applied to the ${company.name} partner programme with this e-mail address,`,
          "which already has a partner account. No new application was made.",
          "",
          `To sign in, or to choose a new password: ${new URL("/affiliate/login", deps.config.publicUrl)}`,
        ].join("\n"),
      }),
    );
    return { ok: true };
  }
  const chosen = input.code?.trim();
  if (chosen && !(await isCodeFree(db, chosen))) {
    return { ok: false, errors: { code: APPLICATION_MESSAGES.codeTaken } };
  }
  const passwordHash = await (await getAffiliateAuth(deps).$context).password.hash(input.password);
  const created = await deps.database.transaction(async (tx) => {
    let id: string | undefined;
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const code = chosen || suggestAffiliateCode(input.name);
      id = await insertAffiliate(tx.db, {
        name: input.name,
        email,
        code,
        phone: input.phone,
        company: input.company || null,
        howTheyKnow: input.howTheyKnow,
        status: "pending",
        passwordHash,
        now,
      });
      if (chosen) break;
    }
    if (!id) return undefined;
    await recordAffiliateEvent(tx.db, { affiliateId: id, eventType: "applied", at: now });
    await enqueueMail(tx, deps.boss, {
      kind: "affiliate.application_received",
      to: [email],
      subject: `We received your partner application`,
      text: [
        `Hello ${input.name},`,
        "",
        `Thank you for applying to the ${company.name} partner programme. We review every`,
        "application by hand and will e-mail you as soon as yours is approved; you can sign in",
        "to the partner portal from then on.",
      ].join("\n"),
    });
    await enqueueMail(tx, deps.boss, {
      kind: "affiliate.application_staff",
      to: company.notificationEmails,
      subject: `New partner application: ${input.name}`,
      text: [
        `${input.name}${input.company ? ` (${input.company})` : ""} applied to the partner programme.`,
        "",
        `Review it: ${new URL(`/admin/affiliates/${id}`, deps.config.publicUrl)}`,
      ].join("\n"),
    });
    return id;
  });
  // The e-mail was taken between the check and the insert (a double submit): same answer.
  if (!created && chosen) return { ok: false, errors: { code: APPLICATION_MESSAGES.codeTaken } };
  return { ok: true };
}

export { CODE_HINT };

/**
 * Forgot password (R5.10): a link to /affiliate/reset-password for an affiliate's e-mail;
 * the same answer for any other e-mail. Limited per address like the application.
 */
export async function requestAffiliatePasswordReset(
  deps: AffiliateAuthDeps,
  input: { email: string; ip: string | undefined },
  now = new Date(),
): Promise<AccountOutcome> {
  const db = deps.database.db;
  const limit = await hitRateLimit(
    db,
    `affiliate-reset:${input.ip ?? "unknown"}`,
    PUBLIC_FORM_LIMIT,
    now,
  );
  if (!limit.allowed)
    return { ok: false, errors: { form: AFFILIATE_STRINGS.portal.resetEmailFailed } };
  const email = input.email.trim().toLowerCase();
  const affiliate = await findAffiliateByEmail(db, email);
  if (!affiliate) return { ok: true };
  await sendingPasswordLink("reset", () =>
    getAffiliateAuth(deps).api.requestPasswordReset({
      body: { email, redirectTo: AFFILIATE_RESET_PATH },
    }),
  );
  await recordAffiliateEvent(db, {
    affiliateId: affiliate.id,
    eventType: "password_reset_requested",
    details: { email },
    at: now,
  });
  return { ok: true };
}

const resetIdentifier = (token: string) => `reset-password:${token}`;

/** Whether a reset link's token is still good (unused and unexpired). */
export async function resetTokenIsValid(deps: AffiliateAuthDeps, token: string, now = new Date()) {
  if (!token || token.length > 200) return false;
  const [row] = await deps.database.db
    .select({ expiresAt: affiliateVerifications.expiresAt })
    .from(affiliateVerifications)
    .where(eq(affiliateVerifications.identifier, resetIdentifier(token)));
  return Boolean(row && row.expiresAt > now);
}

/**
 * Sets a new password from a link (an invitation or a reset): once, before it expires; the
 * affiliate's sessions end. Refused with 'Failed to update password' (R8.3).
 */
export async function resetAffiliatePassword(
  deps: AffiliateAuthDeps,
  input: { token: string; password: string },
): Promise<AccountOutcome> {
  const db = deps.database.db;
  const [owner] = await db
    .select({ userId: affiliateVerifications.value })
    .from(affiliateVerifications)
    .where(eq(affiliateVerifications.identifier, resetIdentifier(input.token)));
  try {
    await getAffiliateAuth(deps).api.resetPassword({
      body: { newPassword: input.password, token: input.token },
    });
  } catch (error) {
    if (["INVALID_TOKEN", "USER_NOT_FOUND"].includes(authErrorCode(error) ?? "")) {
      return { ok: false, errors: { form: AFFILIATE_STRINGS.portal.updatePasswordFailed } };
    }
    throw error;
  }
  if (owner)
    await recordAffiliateEvent(db, { affiliateId: owner.userId, eventType: "password_reset" });
  return { ok: true };
}

/* The signed-in affiliate's own account ------------------------------------------------ */

export async function updateAffiliateProfile(
  deps: AffiliateAuthDeps,
  affiliateId: string,
  input: { name: string; phone: string; company: string; payoutDetails: string },
): Promise<void> {
  await deps.database.transaction(async (tx) => {
    const [before] = await tx.db.select().from(affiliates).where(eq(affiliates.id, affiliateId));
    await tx.db
      .update(affiliates)
      .set({
        name: input.name,
        phone: input.phone,
        company: input.company || null,
        payoutDetails: input.payoutDetails || null,
        updatedAt: new Date(),
      })
      .where(eq(affiliates.id, affiliateId));
    await tx.db
      .update(affiliateUsers)
      .set({ name: input.name })
      .where(eq(affiliateUsers.id, affiliateId));
    const changed = (["name", "phone", "company", "payoutDetails"] as const).filter(
      (field) => (before?.[field] ?? "") !== (input[field] ?? ""),
    );
    // Which fields changed, never their values (payout details are private).
    await recordAffiliateEvent(tx.db, {
      affiliateId,
      eventType: "profile_updated",
      details: { fields: changed },
    });
  });
}

/**
 * Changes the password with the current one; the other sessions end, this one goes on
 * (Better Auth replaces it; the new one keeps this one's assurance level).
 */
export async function changeAffiliatePassword(
  deps: AffiliateAuthDeps,
  affiliate: { id: string; assuranceLevel: "aal1" | "aal2" },
  headers: Headers,
  input: { currentPassword: string; password: string },
): Promise<AccountOutcome> {
  const refusal = await accountAttemptRefusal(deps, affiliate.id);
  if (refusal) return { ok: false, errors: { currentPassword: refusal } };
  let setCookies: string[];
  try {
    const answer = await getAffiliateAuth(deps).api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    setCookies = answer.headers.getSetCookie();
    const token = sessionTokenOf(deps, setCookies);
    if (token) await setAssuranceLevel(deps, token, affiliate.assuranceLevel);
  } catch (error) {
    if (authErrorCode(error) === "INVALID_PASSWORD") {
      return { ok: false, errors: { currentPassword: ACCOUNT_MESSAGES.currentPassword } };
    }
    return { ok: false, errors: { form: AFFILIATE_STRINGS.portal.updatePasswordFailed } };
  }
  await recordAffiliateEvent(deps.database.db, {
    affiliateId: affiliate.id,
    eventType: "password_changed",
  });
  return { ok: true, setCookies };
}

/** Password and code checks per affiliate: 10 in 15 minutes, so a stolen session cannot guess. */
async function accountAttemptRefusal(deps: AffiliateAuthDeps, affiliateId: string) {
  const result = await hitRateLimit(deps.database.db, `affiliate-account:${affiliateId}`, {
    limit: 10,
    windowMs: 15 * 60_000,
  });
  return result.allowed
    ? undefined
    : ACCOUNT_MESSAGES.tooManyAttempts.replace("{minutes}", minutesText(result.retryAfterMs));
}

async function setAssuranceLevel(deps: AffiliateAuthDeps, token: string, level: "aal1" | "aal2") {
  await deps.database.db
    .update(affiliateSessions)
    .set({ assuranceLevel: level })
    .where(eq(affiliateSessions.token, token));
}

/* Authenticator (TOTP) ----------------------------------------------------------------- */

/** Starts (or starts over) setting up an authenticator, with the password. */
export async function startAffiliateTotp(
  deps: AffiliateAuthDeps,
  affiliateId: string,
  headers: Headers,
  password: string,
): Promise<AccountOutcome> {
  const refusal = await accountAttemptRefusal(deps, affiliateId);
  if (refusal) return { ok: false, errors: { password: refusal } };
  try {
    await getAffiliateAuth(deps).api.enableTwoFactor({ body: { password }, headers });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD")
      return { ok: false, errors: { password: TWO_FACTOR_MESSAGES.wrongPassword } };
    if (code === "TOTP_ALREADY_ENABLED")
      return { ok: false, errors: { form: TWO_FACTOR_MESSAGES.alreadyEnabled } };
    throw error;
  }
  return { ok: true };
}

/** The setup waiting for its first code, if any. */
export async function pendingAffiliateTotp(
  deps: AffiliateAuthDeps,
  affiliate: { id: string; email: string },
): Promise<PendingTotp | null> {
  const [row] = await deps.database.db
    .select({ secret: affiliateTwoFactors.secret })
    .from(affiliateTwoFactors)
    .where(
      and(eq(affiliateTwoFactors.userId, affiliate.id), eq(affiliateTwoFactors.verified, false)),
    );
  return row ? describePendingTotp(getAffiliateAuth(deps), row.secret, affiliate.email) : null;
}

/**
 * Confirms the setup with a first code: the authenticator is on, this session is aal2
 * (it just verified a code) and every other session ends, so none is left at aal1.
 */
export async function confirmAffiliateTotp(
  deps: AffiliateAuthDeps,
  affiliateId: string,
  headers: Headers,
  code: string,
): Promise<AccountOutcome> {
  const [pending] = await deps.database.db
    .select({ id: affiliateTwoFactors.id })
    .from(affiliateTwoFactors)
    .where(
      and(eq(affiliateTwoFactors.userId, affiliateId), eq(affiliateTwoFactors.verified, false)),
    );
  if (!pending) return { ok: false, errors: { form: TWO_FACTOR_MESSAGES.noSetup } };
  const refusal = await accountAttemptRefusal(deps, affiliateId);
  if (refusal) return { ok: false, errors: { code: refusal } };
  let setCookies: string[];
  let token: string | undefined;
  try {
    const answer = await getAffiliateAuth(deps).api.verifyTOTP({
      body: { code },
      headers,
      returnHeaders: true,
    });
    setCookies = answer.headers.getSetCookie();
    // The new session's (the answer's own token is the replaced session's).
    token = sessionTokenOf(deps, setCookies);
  } catch (error) {
    if (authErrorCode(error) === "INVALID_CODE")
      return { ok: false, errors: { code: TWO_FACTOR_MESSAGES.wrongCode } };
    throw error;
  }
  const db = deps.database.db;
  if (token) {
    await setAssuranceLevel(deps, token, "aal2");
    await db
      .delete(affiliateSessions)
      .where(and(eq(affiliateSessions.userId, affiliateId), ne(affiliateSessions.token, token)));
  }
  await recordAffiliateEvent(db, { affiliateId, eventType: "two_factor_enabled" });
  return { ok: true, setCookies };
}

/** Drops a setup never confirmed. */
export async function cancelAffiliateTotp(deps: AffiliateAuthDeps, affiliateId: string) {
  await deps.database.db
    .delete(affiliateTwoFactors)
    .where(
      and(eq(affiliateTwoFactors.userId, affiliateId), eq(affiliateTwoFactors.verified, false)),
    );
}

/** Removes the authenticator after a fresh code from it. */
export async function removeAffiliateTotp(
  deps: AffiliateAuthDeps,
  affiliateId: string,
  headers: Headers,
  code: string,
): Promise<AccountOutcome> {
  const refusal = await accountAttemptRefusal(deps, affiliateId);
  if (refusal) return { ok: false, errors: { code: refusal } };
  try {
    await getAffiliateAuth(deps).api.verifyTOTP({ body: { code }, headers });
  } catch (error) {
    if (authErrorCode(error) === "INVALID_CODE")
      return { ok: false, errors: { code: TWO_FACTOR_MESSAGES.wrongCode } };
    throw error;
  }
  await deps.database.transaction(async (tx) => {
    await tx.db.delete(affiliateTwoFactors).where(eq(affiliateTwoFactors.userId, affiliateId));
    await tx.db
      .update(affiliateUsers)
      .set({ twoFactorEnabled: false })
      .where(eq(affiliateUsers.id, affiliateId));
    await recordAffiliateEvent(tx.db, { affiliateId, eventType: "two_factor_removed" });
  });
  return { ok: true };
}
