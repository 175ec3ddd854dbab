import { createHmac, timingSafeEqual } from "node:crypto";

/** The prefix of the signature header's value, naming the algorithm. */
const SIGNATURE_SCHEME = "sha256";

/**
 * Hex HMAC-SHA256 of `${timestamp}.${body}`. The timestamp is part of what is signed so a
 * captured request cannot be replayed later with a fresh timestamp.
 */
export function signWebhookBody(secret: string, timestamp: number | string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The X-Lumen-Signature header value. */
export const signatureHeader = (secret: string, timestamp: number | string, body: string): string =>
  `${SIGNATURE_SCHEME}=${signWebhookBody(secret, timestamp, body)}`;

/**
 * For receivers: true when `header` (X-Lumen-Signature) is the signature of `body` at
 * `timestampHeader` (X-Lumen-Timestamp, unix seconds) and that timestamp is within
 * `toleranceSeconds` of now.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  timestampHeader: string | null | undefined,
  body: string,
  toleranceSeconds = 300,
  nowMs = Date.now(),
): boolean {
  if (!header || !timestampHeader || !/^\d{1,12}$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return false;
  const prefix = `${SIGNATURE_SCHEME}=`;
  if (!header.startsWith(prefix)) return false;
  const given = header.slice(prefix.length);
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signWebhookBody(secret, timestampHeader, body), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
