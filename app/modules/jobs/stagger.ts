/**
 * How long a job in a batch runs before the next one starts beside it. Jobs that finish
 * sooner (a delivery to a quick receiver, a message kept for staff) run one after another;
 * a slow one (a receiver that takes seconds or times out) holds up the rest of its batch
 * by no more than this each.
 */
export const STAGGER_MS = 50;

/**
 * Starts each job once the one before it has finished or has run `STAGGER_MS`: a batch of
 * quick jobs does not put 25 of them on the event loop at once, where every request
 * arriving meanwhile waited behind all of their steps (docs/decisions/018).
 */
export function staggered<T>(batch: T[], handle: (job: T) => Promise<unknown>): Promise<unknown>[] {
  const started: Promise<unknown>[] = [];
  let previous: Promise<unknown> = Promise.resolve();
  for (const job of batch) {
    const turn = previous;
    const run = turn.then(() => handle(job));
    started.push(run);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    previous = Promise.race([settled, turn.then(() => delay(STAGGER_MS))]);
  }
  return started;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
