/**
 * The tracker's rate (docs/REQUIREMENTS.md R9.6): a token bucket of 10 events a second with
 * a burst of 100. Pure: the caller keeps the state and passes the clock.
 */
export interface Bucket {
  tokens: number;
  /** When the tokens were last counted (ms). */
  at: number;
}

/** A full bucket at `now`. */
export function fullBucket(burst: number, now: number): Bucket {
  return { tokens: burst, at: now };
}

/**
 * Takes one token if there is one: the bucket refilled by the time since it was last
 * counted (at `perSecond`, never above `burst`), less the token taken.
 */
export function takeToken(
  bucket: Bucket,
  now: number,
  perSecond: number,
  burst: number,
): { ok: boolean; bucket: Bucket } {
  const elapsed = Math.max(0, now - bucket.at);
  const tokens = Math.min(burst, bucket.tokens + (elapsed * perSecond) / 1000);
  return tokens >= 1
    ? { ok: true, bucket: { tokens: tokens - 1, at: now } }
    : { ok: false, bucket: { tokens, at: now } };
}
