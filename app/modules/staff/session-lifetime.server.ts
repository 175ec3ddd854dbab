import { parseCookie, stringifySetCookie } from "cookie";
import { eq } from "drizzle-orm";
import { sessions } from "~/db/schema";
import {
  REMEMBERED_SESSION_SECONDS,
  SESSION_SECONDS,
  sessionCookieName,
  type AuthDeps,
} from "./auth.server";

/** How long a staff session lasts: 24 hours, or 30 days with "remember me". */

/**
 * Sessions are created for 30 days; without "remember me" the session is cut to 24 hours,
 * in the database and on the cookie (docs/REQUIREMENTS.md R9.3). Returns the Set-Cookie
 * headers to send.
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
