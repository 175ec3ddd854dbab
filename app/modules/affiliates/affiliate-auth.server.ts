import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { randomUUID } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "~/db/client.server";
import {
  affiliateAccounts,
  affiliateSessions,
  affiliateTwoFactors,
  affiliateUsers,
  affiliateVerifications,
} from "~/db/schema";
import { enqueueMail } from "~/modules/mail/mail.server";
import { CLIENT_IP_HEADER, passwordLink, type AuthDeps } from "~/modules/staff/auth.server";

/**
 * Affiliates' sign-in (docs/decisions/011-affiliate-accounts.md): a Better Auth instance of
 * its own, on its own tables and cookies, so an affiliate's session never opens the staff
 * area and a staff account is never an affiliate's. Its HTTP handler is not mounted; our
 * actions call it on the server after our own checks, as for staff (decision 008).
 */

/** Cookies of the portal, sent only to /affiliate pages: public pages stay cookie-free. */
export const AFFILIATE_COOKIE_PREFIX = "lumen-affiliate";
export const AFFILIATE_COOKIE_PATH = "/affiliate";
/** A session ends after a week without use... */
export const AFFILIATE_SESSION_SECONDS = 7 * 24 * 60 * 60;
/** ...and is renewed for another week when used a day or more after its last renewal. */
const AFFILIATE_SESSION_RENEW_SECONDS = 24 * 60 * 60;
/** Password links (invitations and resets) work once, within a day. */
export const AFFILIATE_LINK_SECONDS = 24 * 60 * 60;
export const AFFILIATE_RESET_PATH = "/affiliate/reset-password";

export type AffiliateAuthDeps = AuthDeps;

/** Why a password link is being sent: the e-mail's words differ. */
type LinkPurpose = "invitation" | "reset";

const linkPurpose = new AsyncLocalStorage<{ purpose: LinkPurpose; link?: string }>();

/**
 * Runs `send` (a Better Auth password-link request) so that the e-mail it makes says what
 * `purpose` is; answers the link, for an admin's screen when no mail server is set.
 */
export async function sendingPasswordLink(
  purpose: LinkPurpose,
  send: () => Promise<unknown>,
): Promise<string | undefined> {
  const holder: { purpose: LinkPurpose; link?: string } = { purpose };
  await linkPurpose.run(holder, send);
  return holder.link;
}

function linkMail(purpose: LinkPurpose, user: { name: string; email: string }, url: string) {
  const invitation = purpose === "invitation";
  return {
    kind: invitation ? "affiliate.invitation" : "affiliate.password_reset",
    to: [user.email],
    subject: invitation
      ? "You are invited to our referral partner portal"
      : "Reset your referral partner portal password",
    text: [
      `Hello ${user.name},`,
      "",
      invitation
        ? "You have been invited to our referral partner portal. Use this link to choose your password:"
        : "Use this link to choose a new password for the referral partner portal:",
      "",
      url,
      "",
      "The link works once and expires in 24 hours.",
      "",
      invitation
        ? "If you did not expect this invitation, you can ignore this e-mail."
        : "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

function createAffiliateAuth({ database, boss, config, issuer }: AffiliateAuthDeps) {
  const appName = issuer ?? "Lumen Bath & Remodel partners";
  return betterAuth({
    appName,
    baseURL: config.publicUrl.origin,
    basePath: "/api/affiliate-auth",
    secret: config.authSecret,
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: affiliateUsers,
        session: affiliateSessions,
        account: affiliateAccounts,
        verification: affiliateVerifications,
        twoFactor: affiliateTwoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by our application and invitation actions, with their records.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: AFFILIATE_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url: authUrl, token }) => {
        const holder = linkPurpose.getStore();
        const url = passwordLink(config.publicUrl, authUrl, token, AFFILIATE_RESET_PATH);
        if (holder) holder.link = url;
        await database.transaction((tx) =>
          enqueueMail(tx, boss, linkMail(holder?.purpose ?? "reset", user, url)),
        );
      },
    },
    session: {
      expiresIn: AFFILIATE_SESSION_SECONDS,
      updateAge: AFFILIATE_SESSION_RENEW_SECONDS,
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AFFILIATE_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.protocol === "https:",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: AFFILIATE_COOKIE_PATH },
      // The affiliate record's id is its account's (R3.12), and that column is a uuid.
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    logger: { level: "error" },
    plugins: [twoFactor({ issuer: appName, skipVerificationOnEnable: false })],
  });
}

export type AffiliateAuth = ReturnType<typeof createAffiliateAuth>;

const instances = new WeakMap<Database, AffiliateAuth>();

/** The affiliates' Better Auth instance for this database (one per process and database). */
export function getAffiliateAuth(deps: AffiliateAuthDeps): AffiliateAuth {
  let auth = instances.get(deps.database.db);
  if (!auth) {
    auth = createAffiliateAuth(deps);
    instances.set(deps.database.db, auth);
  }
  return auth;
}

/** The affiliate session-token cookie's name for this deployment. */
export function affiliateSessionCookieName(config: AffiliateAuthDeps["config"]): string {
  const secure = config.publicUrl.protocol === "https:" ? "__Secure-" : "";
  return `${secure}${AFFILIATE_COOKIE_PREFIX}.session_token`;
}
