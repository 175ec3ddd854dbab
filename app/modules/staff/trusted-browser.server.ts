import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { Config } from "~/modules/platform/config.server";
import { AUTH_COOKIE_PREFIX } from "./auth.server";

/**
 * A browser that has signed in to a staff account keeps a signed cookie naming the account
 * (by id) and when it was issued. While the account is locked by failures from elsewhere,
 * that browser may still try its password, so a stranger cannot lock the owner out.
 *
 * The signature also covers the account's password hash, disabled flag and last update:
 * changing or resetting the password, disabling the account (or any other change to it)
 * ends the trust until the next successful sign-in. One cookie lists up to
 * MAX_ACCOUNTS accounts, each entry `<user id>.<issued, base-36 seconds>.<signature>`.
 */

const TRUSTED_BROWSER_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is trusted for; the oldest entry gives way beyond this. */
const MAX_ACCOUNTS = 5;
/** Instances' clocks may differ a little; an entry "from the future" beyond this is void. */
const CLOCK_SKEW_MS = 5 * 60_000;
const ENTRY_SEPARATOR = "~";

/** What an account's entry is signed with (all of it read from `users` and `accounts`). */
export interface TrustSeal {
  id: string;
  passwordHash: string | null;
  banned: boolean | null;
  updatedAt: Date;
}

type TrustConfig = Pick<Config, "authSecret" | "publicUrl">;

interface Entry {
  userId: string;
  issuedSeconds: number;
  signature: string;
}

export function trustedBrowserCookieName(config: Pick<Config, "publicUrl">): string {
  const secure = config.publicUrl.protocol === "https:" ? "__Secure-" : "";
  return `${secure}${AUTH_COOKIE_PREFIX}.trusted_browser`;
}

/** Whether the request's cookies hold a valid, unexpired entry for this account. */
export function isTrustedBrowser(
  config: TrustConfig,
  cookieHeader: string | undefined,
  account: TrustSeal,
  now: Date,
): boolean {
  return readEntries(config, cookieHeader).some(
    (entry) =>
      entry.userId === account.id &&
      isCurrent(entry, now) &&
      sameText(entry.signature, sign(config, account, entry.issuedSeconds)),
  );
}

/**
 * The Set-Cookie header that trusts this browser for the account from now on, keeping
 * its other accounts' entries (they are checked when used).
 */
export function trustBrowser(
  config: TrustConfig,
  cookieHeader: string | undefined,
  account: TrustSeal,
  now: Date,
): string {
  const issuedSeconds = Math.floor(now.getTime() / 1000);
  const others = readEntries(config, cookieHeader)
    .filter((entry) => entry.userId !== account.id && isCurrent(entry, now))
    .sort((a, b) => b.issuedSeconds - a.issuedSeconds)
    .slice(0, MAX_ACCOUNTS - 1);
  const entries = [
    { userId: account.id, issuedSeconds, signature: sign(config, account, issuedSeconds) },
    ...others,
  ];
  return stringifySetCookie(
    trustedBrowserCookieName(config),
    entries
      .map((entry) => [entry.userId, entry.issuedSeconds.toString(36), entry.signature].join("."))
      .join(ENTRY_SEPARATOR),
    {
      path: "/admin",
      httpOnly: true,
      sameSite: "lax",
      secure: config.publicUrl.protocol === "https:",
      maxAge: TRUSTED_BROWSER_SECONDS,
      expires: new Date(now.getTime() + TRUSTED_BROWSER_SECONDS * 1000),
    },
  );
}

function sign(config: TrustConfig, account: TrustSeal, issuedSeconds: number): string {
  return createHmac("sha256", config.authSecret)
    .update(
      [
        "staff-trusted-browser-v1",
        account.id,
        String(issuedSeconds),
        account.passwordHash ?? "",
        account.banned ? "disabled" : "enabled",
        String(account.updatedAt.getTime()),
      ].join("\n"),
    )
    .digest("base64url");
}

function sameText(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isCurrent(entry: Entry, now: Date): boolean {
  const issuedMs = entry.issuedSeconds * 1000;
  return (
    issuedMs <= now.getTime() + CLOCK_SKEW_MS &&
    now.getTime() - issuedMs < TRUSTED_BROWSER_SECONDS * 1000
  );
}

function readEntries(config: TrustConfig, cookieHeader: string | undefined): Entry[] {
  const value = parseCookie(cookieHeader ?? "")[trustedBrowserCookieName(config)] ?? "";
  const entries: Entry[] = [];
  for (const text of value.split(ENTRY_SEPARATOR).slice(0, MAX_ACCOUNTS)) {
    const match = /^([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(text);
    if (!match) continue;
    entries.push({
      userId: match[1]!,
      issuedSeconds: parseInt(match[2]!, 36),
      signature: match[3]!,
    });
  }
  return entries;
}
