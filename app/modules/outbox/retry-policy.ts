/**
 * When to try again after a failed delivery (webhooks, mail): exponential backoff with
 * jitter, given up once the first attempt is older than `giveUpAfterMs`.
 */
export interface RetryPolicy {
  /** Delay after the first failed attempt; doubled after each further one. */
  baseDelayMs: number;
  /** Upper bound of a delay (before jitter). */
  maxDelayMs: number;
  /** No further attempt once the first attempt is this old. */
  giveUpAfterMs: number;
  /** Fraction by which a delay is randomly stretched or shrunk (0.1 = ±10%). */
  jitter: number;
}

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

/**
 * 30 s, 1 min, 2 min ... capped at 2 h: about eleven retries a day once capped, and the
 * 25 h limit keeps a receiver that is down for a whole day from losing anything.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30 * SECOND,
  maxDelayMs: 2 * HOUR,
  giveUpAfterMs: 25 * HOUR,
  jitter: 0.1,
};

/** The wait before the next attempt, after `attemptsSoFar` attempts (1 after the first). */
export function nextRetryDelayMs(
  policy: RetryPolicy,
  attemptsSoFar: number,
  random: () => number = Math.random,
): number {
  // Capping the exponent keeps 2 ** n finite for absurd attempt counts.
  const doublings = Math.min(Math.max(0, Math.floor(attemptsSoFar) - 1), 50);
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
  // Jitter spreads the retries of many deliveries that failed together (a receiver outage).
  const factor = 1 + policy.jitter * (2 * random() - 1);
  return Math.max(0, Math.round(capped * factor));
}

/** True once the first attempt is older than the policy allows. */
export function shouldGiveUp(policy: RetryPolicy, firstAttemptAt: Date, now = new Date()): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= policy.giveUpAfterMs;
}
