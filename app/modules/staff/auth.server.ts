import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import { AsyncLocalStorage } from "node:async_hooks";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "~/db/schema";
import { enqueueMail } from "~/modules/mail/mail.server";
import type { Config } from "~/modules/platform/config.server";

/** 30 days: the longest a session lives (remember me); sign-in shortens others to 24 hours. */
export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_SECONDS = 24 * 60 * 60;
/** Header our server sets from the connection (never the client's) for Better Auth. */
export const CLIENT_IP_HEADER = "x-lumen-client-ip";
export const AUTH_COOKIE_PREFIX = "lumen";

export interface AuthDeps {
  database: DatabaseHandle;
  boss: PgBoss;
  config: Pick<Config, "authSecret" | "publicUrl">;
  /** The issuer name shown in authenticator apps. */
  issuer?: string;
}

/**
 * The link a password e-mail carries. Better Auth's own link goes through its HTTP
 * endpoint (/api/auth/reset-password/<token>), which this server does not expose; the
 * link goes straight to the page named by the request's redirectTo instead, with the
 * token in the query: /admin/set-password?token=...
 */
export function passwordLink(
  publicUrl: URL,
  authUrl: string,
  token: string,
  fallbackPath = "/admin/set-password",
): string {
  const callback = new URL(authUrl).searchParams.get("callbackURL") ?? "";
  // Only a path on this site; anything else falls back to the realm's page.
  const path = /^\/[a-z0-9/_-]*$/i.test(callback) ? callback : fallbackPath;
  const link = new URL(path, publicUrl.origin);
  link.searchParams.set("token", token);
  return link.toString();
}

/**
 * Collects the password link made during a call, for the admin who asked for it when no
 * SMTP_URL is set: the mail log shows no usable link, so the link is shown to them once.
 */
const passwordLinkCapture = new AsyncLocalStorage<{ link?: string }>();

export async function capturePasswordLink(
  send: () => Promise<unknown>,
): Promise<string | undefined> {
  const holder: { link?: string } = {};
  await passwordLinkCapture.run(holder, send);
  return holder.link;
}

const accessControl = createAccessControl(defaultStatements);
const adminRole = accessControl.newRole({ ...adminAc.statements });
const editorRole = accessControl.newRole({ ...userAc.statements });

function createAuth({ database, boss, config, issuer }: AuthDeps) {
  return betterAuth({
    appName: issuer ?? "Lumen Bath & Remodel",
    baseURL: config.publicUrl.origin,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by admins and the first-start bootstrap, never by sign-up.
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3 * 24 * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url: authUrl, token }) => {
        const url = passwordLink(config.publicUrl, authUrl, token);
        const capture = passwordLinkCapture.getStore();
        if (capture) capture.link = url;
        await database.transaction((tx) =>
          enqueueMail(tx, boss, {
            kind: "staff.password",
            to: [user.email],
            subject: "Set your password for the staff area",
            text: [
              `Hello ${user.name},`,
              "",
              "Use this link to choose your password for the staff area. It works once and",
              "expires in 3 days:",
              "",
              url,
              "",
              "If you did not expect this e-mail, you can ignore it.",
            ].join("\n"),
          }),
        );
      },
    },
    session: {
      expiresIn: REMEMBERED_SESSION_SECONDS,
      // Lifetimes are fixed at sign-in (24 hours or 30 days); sessions are not extended.
      updateAge: REMEMBERED_SESSION_SECONDS * 2,
      disableSessionRefresh: true,
    },
    // Our own limits (login attempts in the database, shared by instances) apply; Better
    // Auth's HTTP endpoints are not exposed, only called from our actions.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.protocol === "https:",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
    },
    telemetry: { enabled: false },
    // Failed passwords are expected traffic, recorded by us; only real faults are logged.
    logger: { level: "error" },
    plugins: [
      // Better Auth knows the roles; what each may open is our permission table
      // (modules/staff/permissions.ts), checked on every admin request.
      admin({
        ac: accessControl,
        roles: { admin: adminRole, editor: editorRole },
        defaultRole: "editor",
        adminRoles: ["admin"],
      }),
      twoFactor({ issuer: issuer ?? "Lumen Bath & Remodel", skipVerificationOnEnable: false }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/** The Better Auth instance for this database (one per process and database). */
export function getAuth(deps: AuthDeps): Auth {
  let auth = instances.get(deps.database.db);
  if (!auth) {
    auth = createAuth(deps);
    instances.set(deps.database.db, auth);
  }
  return auth;
}

/** Better Auth's session-token cookie name for this deployment. */
export function sessionCookieName(config: Pick<Config, "publicUrl">): string {
  const secure = config.publicUrl.protocol === "https:" ? "__Secure-" : "";
  return `${secure}${AUTH_COOKIE_PREFIX}.session_token`;
}

/** The session token a list of Set-Cookie headers sets in `cookieName`, if any (signed: "token.sig"). */
export function sessionTokenIn(
  setCookies: readonly string[],
  cookieName: string,
): string | undefined {
  const cookie = setCookies.find((candidate) => candidate.startsWith(`${cookieName}=`));
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.slice(cookieName.length + 1).split(";")[0] ?? "");
  return value.split(".")[0] || undefined;
}
