/**
 * The draw's pick (docs/REQUIREMENTS.md R15.2), kept pure so the fairness test runs the
 * very function the draw uses: each of `count` eligible entries is equally likely, as long
 * as `randomInt` is (the draw passes node:crypto's randomInt, which rejects biased values
 * rather than taking a remainder).
 */

/** A source of uniform integers in [0, max): node:crypto's `randomInt(max)`. */
export type RandomInt = (max: number) => number;

/** The position (0 to count - 1) of the winning entry among `count` eligible ones. */
export function pickWinnerIndex(count: number, randomInt: RandomInt): number {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError("A draw needs at least one eligible entry");
  }
  const index = randomInt(count);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError("The random source answered outside the range asked for");
  }
  return index;
}

/** One of `entries`, each equally likely. */
export function pickWinner<T>(entries: readonly T[], randomInt: RandomInt): T {
  return entries[pickWinnerIndex(entries.length, randomInt)]!;
}
