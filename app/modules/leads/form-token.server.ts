import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A real person needs more than this to fill in the form; scripts post at once. */
export const MIN_FILL_MS = 3000;
/** A form served longer ago than this is sent back to be checked and sent again. */
export const FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type FormTokenCheck = "ok" | "too_fast" | "missing_form_token" | "expired";

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`lead-form:${payload}`).digest("base64url").slice(0, 22);

/**
 * Random bytes drawn from the system's generator 4 KB at a time, each handed out once. A
 * new visitor's page carries a token, and one call into the generator cost about 6 µs, as
 * much as several cached page answers (docs/decisions/019-fast-page-hits.md); Node draws the
 * bytes of `randomUUID` the same way.
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;
function pooledRandomBytes(size: number): Buffer {
  if (randomPoolOffset + size > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolOffset = 0;
  }
  const bytes = randomPool.subarray(randomPoolOffset, randomPoolOffset + size);
  randomPoolOffset += size;
  return bytes;
}

/**
 * A token that records when the form was served, signed so a script cannot backdate it,
 * with a random part so that two forms served in the same millisecond differ (each token
 * serves one request).
 */
export function issueFormToken(secret: string, now = Date.now()): string {
  const payload = `${now.toString(36)}.${pooledRandomBytes(9).toString("base64url")}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function checkFormToken(
  token: string | undefined,
  secret: string,
  now = Date.now(),
  minFillMs = MIN_FILL_MS,
): FormTokenCheck {
  const [issuedAt, nonce, signature] = (token ?? "").split(".");
  if (!issuedAt || !nonce || !signature) return "missing_form_token";
  const expected = Buffer.from(sign(secret, `${issuedAt}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return "missing_form_token";
  }
  const elapsed = now - parseInt(issuedAt, 36);
  if (elapsed < minFillMs) return "too_fast";
  return elapsed > FORM_TOKEN_LIFETIME_MS ? "expired" : "ok";
}

/** What the used-token table keeps: a hash, never a token that could be posted again. */
export const formTokenHash = (token: string): string =>
  createHash("sha256").update(token).digest("hex");
