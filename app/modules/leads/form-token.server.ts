import { createHmac, timingSafeEqual } from "node:crypto";

/** A real person needs more than this to fill in the form; scripts post at once. */
export const MIN_FILL_MS = 3000;

export type FormTokenCheck = "ok" | "too_fast" | "missing_form_token";

const sign = (secret: string, issuedAt: string) =>
  createHmac("sha256", secret).update(`lead-form:${issuedAt}`).digest("base64url").slice(0, 22);

/** A token that records when the form was served; signed so a script cannot backdate it. */
export function issueFormToken(secret: string, now = Date.now()): string {
  const issuedAt = now.toString(36);
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

export function checkFormToken(
  token: string | undefined,
  secret: string,
  now = Date.now(),
  minFillMs = MIN_FILL_MS,
): FormTokenCheck {
  const [issuedAt, signature] = (token ?? "").split(".");
  if (!issuedAt || !signature) return "missing_form_token";
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return "missing_form_token";
  }
  const elapsed = now - parseInt(issuedAt, 36);
  return elapsed < minFillMs ? "too_fast" : "ok";
}
