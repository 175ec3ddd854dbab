/**
 * When a failed batch is sent again (docs/REQUIREMENTS.md R7.4, R9.6): after 3 s, doubling
 * up to 30 minutes, at most 10 times; never after a 4xx answer. A 429 is a 4xx: its batch
 * is dropped like any other refused one, and the tracker also pauses sending for 60 s
 * (R9.6's rate-limit pause). Pure.
 */

/** Whether an answer's status (undefined: no answer, e.g. offline or timed out) is retried. */
export function retryable(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

/**
 * The wait before retry number `attempt` (1 for the first retry), or undefined once the
 * attempts are used up.
 */
export function retryDelay(
  attempt: number,
  firstMs: number,
  maxMs: number,
  attempts: number,
): number | undefined {
  if (attempt < 1 || attempt > attempts) return undefined;
  return Math.min(maxMs, firstMs * 2 ** (attempt - 1));
}
