import { and, eq } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import type { Database } from "~/db/client.server";
import { twoFactors } from "~/db/schema";
import { authErrorCode, changeKeepingSession, passwordAttemptRefusal } from "./account.server";
import { TWO_FACTOR_MESSAGES } from "./account.schema";
import { getAuth, type AuthDeps } from "./auth.server";

/**
 * A staff member's authenticator (TOTP, Better Auth's two-factor plugin): set up with the
 * password, confirmed with a first code, turned off with the password. A setup stays
 * pending (its secret stored, encrypted, unverified) until confirmed or cancelled, so the
 * QR code can be shown again on any visit until then.
 */

export { TWO_FACTOR_MESSAGES } from "./account.schema";

export type TwoFactorOutcome =
  { ok: true; setCookies: string[] } | { ok: false; errors: Record<string, string> };

/** A setup waiting for its first code: the otpauth URI, its secret for typing, a QR code. */
export interface PendingTotp {
  uri: string;
  secret: string;
  qrSvg: string;
}

/** Starts a setup (or starts it over): a new secret, waiting to be confirmed. */
export async function startTotpSetup(
  deps: AuthDeps,
  actor: Actor,
  headers: Headers,
  password: string,
): Promise<{ ok: true; uri: string } | { ok: false; errors: Record<string, string> }> {
  if (!password) return { ok: false, errors: { password: TWO_FACTOR_MESSAGES.enterPassword } };
  const refusal = await passwordAttemptRefusal(deps.database.db, actor.id);
  if (refusal) return { ok: false, errors: { password: refusal } };
  let uri: string;
  try {
    const answer = await getAuth(deps).api.enableTwoFactor({ body: { password }, headers });
    uri = "totpURI" in answer && answer.totpURI ? answer.totpURI : "";
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") {
      return { ok: false, errors: { password: TWO_FACTOR_MESSAGES.wrongPassword } };
    }
    if (code === "TOTP_ALREADY_ENABLED") {
      return { ok: false, errors: { form: TWO_FACTOR_MESSAGES.alreadyEnabled } };
    }
    throw error;
  }
  return { ok: true, uri };
}

/** The member's setup waiting for its first code, if any. */
export async function pendingTotpSetup(
  deps: AuthDeps,
  user: { id: string; email: string },
): Promise<PendingTotp | null> {
  const [row] = await deps.database.db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)));
  return row ? describePendingTotp(getAuth(deps), row.secret, user.email) : null;
}

/**
 * What to scan or type for a setup waiting for its code, from its stored (encrypted)
 * secret: any Better Auth instance with the two-factor plugin (staff or affiliates).
 */
export async function describePendingTotp(
  auth: {
    $context: Promise<{ secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"] }>;
    options: { appName?: string };
  },
  encryptedSecret: string,
  account: string,
): Promise<PendingTotp> {
  const key = (await auth.$context).secretConfig;
  const secret = await symmetricDecrypt({ key, data: encryptedSecret });
  const uri = totpUri({ issuer: auth.options.appName ?? "Lumen Bath & Remodel", account, secret });
  return { uri, secret: base32(Buffer.from(secret, "utf8")), qrSvg: await qrSvg(uri) };
}

/** Confirms the pending setup with a code: the authenticator is on from now. */
export async function confirmTotpSetup(
  deps: AuthDeps,
  actor: Actor,
  headers: Headers,
  code: string,
): Promise<TwoFactorOutcome> {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits))
    return { ok: false, errors: { code: TWO_FACTOR_MESSAGES.enterCode } };
  const [pending] = await deps.database.db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, actor.id), eq(twoFactors.verified, false)));
  if (!pending) return { ok: false, errors: { form: TWO_FACTOR_MESSAGES.noSetup } };
  const setCookies = await changeKeepingSession(deps, actor, headers, {
    refusedWith: "INVALID_CODE",
    change: (api) => api.verifyTOTP({ body: { code: digits }, headers, returnHeaders: true }),
    audit: {
      action: "account.two_factor_enabled",
      details: { changes: [{ field: "twoFactorEnabled", from: false, to: true }] },
    },
  });
  if (!setCookies) return { ok: false, errors: { code: TWO_FACTOR_MESSAGES.wrongCode } };
  return { ok: true, setCookies };
}

/** Drops a setup that was never confirmed (nothing is on yet, so no password is asked). */
export async function cancelTotpSetup(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)))
    .returning({ id: twoFactors.id });
  return removed.length > 0;
}

/** Turns the authenticator off, with the password. */
export async function disableTotp(
  deps: AuthDeps,
  actor: Actor,
  headers: Headers,
  password: string,
): Promise<TwoFactorOutcome> {
  if (!password) return { ok: false, errors: { password: TWO_FACTOR_MESSAGES.enterPassword } };
  const refusal = await passwordAttemptRefusal(deps.database.db, actor.id);
  if (refusal) return { ok: false, errors: { password: refusal } };
  const setCookies = await changeKeepingSession(deps, actor, headers, {
    refusedWith: "INVALID_PASSWORD",
    change: (api) => api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
    audit: {
      action: "account.two_factor_disabled",
      details: { changes: [{ field: "twoFactorEnabled", from: true, to: false }] },
    },
  });
  if (!setCookies) return { ok: false, errors: { password: TWO_FACTOR_MESSAGES.wrongPassword } };
  return { ok: true, setCookies };
}

/** The otpauth URI authenticator apps read, as Better Auth writes it (6 digits, 30 s). */
function totpUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: base32(Buffer.from(input.secret, "utf8")),
    issuer: input.issuer,
    digits: "6",
    period: "30",
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding (how authenticator apps take a secret). */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    // Only the bits not yet written are kept, so the number never overflows.
    value &= (1 << bits) - 1;
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** The URI as an SVG QR code (markup to inline in the page). */
export async function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
