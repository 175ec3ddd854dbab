import { createHmac, timingSafeEqual } from "node:crypto";
import type { LeadValues } from "./lead-fields";

/**
 * /thank-you carries the submitted values in its query string (never the e-mail address
 * or phone number), signed by the server when the lead was stored: the page greets by
 * name only under a valid signature, so nobody can make it say what they like in a link.
 */

const THANK_YOU_FIELDS = [
  "firstName",
  "lastName",
  "service",
  "projectType",
  "source",
  "referralName",
  "otherSource",
] as const;

const MAX_VALUE_LENGTH = 120;
const SIGNATURE_PARAM = "sig";

type ThankYouField = (typeof THANK_YOU_FIELDS)[number];
export type ThankYouValues = Partial<Record<ThankYouField, string>>;

function signatureOf(secret: string, values: ThankYouValues): string {
  const canonical = new URLSearchParams();
  for (const field of THANK_YOU_FIELDS) canonical.set(field, values[field] ?? "");
  return createHmac("sha256", secret)
    .update(`thank-you:${canonical.toString()}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The signed /thank-you address for a stored lead. */
export function thankYouPath(values: LeadValues, secret: string): string {
  const shown: ThankYouValues = {};
  const params = new URLSearchParams();
  for (const field of THANK_YOU_FIELDS) {
    const value = values[field]?.trim().slice(0, MAX_VALUE_LENGTH);
    if (value) {
      shown[field] = value;
      params.set(field, value);
    }
  }
  params.set(SIGNATURE_PARAM, signatureOf(secret, shown));
  return `/thank-you?${params.toString()}`;
}

/** The values of a /thank-you query string, when our signature vouches for them. */
export function signedThankYouValues(
  params: URLSearchParams,
  secret: string,
): ThankYouValues | undefined {
  const given = params.get(SIGNATURE_PARAM);
  if (!given) return undefined;
  const values: ThankYouValues = {};
  for (const field of THANK_YOU_FIELDS) {
    const value = params.get(field);
    if (value) values[field] = value;
  }
  const expected = Buffer.from(signatureOf(secret, values));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual)
    ? values
    : undefined;
}
