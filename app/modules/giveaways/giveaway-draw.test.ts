import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pickWinner, pickWinnerIndex } from "./giveaway-draw";

/**
 * The draw is fair (docs/REQUIREMENTS.md R15.2): the very pick the draw makes, with the
 * draw's own random source, gives every entry the same chance.
 */

/** ln Γ(x), Lanczos approximation (g = 7, 9 terms): about 15 significant digits. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * Q(a, x), the regularised upper incomplete gamma function (Numerical Recipes: the series
 * below a + 1, the continued fraction above). The chi-square survival function of x with
 * k degrees of freedom is Q(k / 2, x / 2).
 */
function upperGamma(a: number, x: number): number {
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    d = Math.abs(d) < 1e-300 ? 1e300 : 1 / d;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return front * h;
}

const chiSquareSurvival = (x: number, df: number) => upperGamma(df / 2, x / 2);

/** The x whose chi-square survival probability is p, by bisection. */
function chiSquareCritical(p: number, df: number): number {
  let low = 0;
  let high = 1000;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (chiSquareSurvival(mid, df) > p) low = mid;
    else high = mid;
  }
  return low;
}

describe("the chi-square threshold", () => {
  it("agrees with published tables", () => {
    // Critical values from the standard chi-square tables (e.g. NIST/SEMATECH e-Handbook
    // of Statistical Methods, 1.3.6.7.4): p = 0.05 and p = 0.001 at 19 degrees of freedom,
    // p = 0.05 at 1 and 2.
    expect(chiSquareCritical(0.05, 19)).toBeCloseTo(30.144, 2);
    expect(chiSquareCritical(0.001, 19)).toBeCloseTo(43.82, 1);
    expect(chiSquareCritical(0.05, 1)).toBeCloseTo(3.841, 2);
    expect(chiSquareCritical(0.05, 2)).toBeCloseTo(5.991, 2);
    // p = 1e-6 at 19 degrees of freedom, beyond the printed tables: 63.68, found by the
    // same bisection on the survival function the values above check.
    expect(chiSquareCritical(1e-6, 19)).toBeCloseTo(63.677, 2);
  });
});

describe("the draw's pick", () => {
  it("gives each of 20 entries the same chance over 200,000 draws (chi-square, p = 1e-6)", () => {
    const entries = 20;
    const draws = 200_000;
    const counts = new Array<number>(entries).fill(0);
    for (let i = 0; i < draws; i++) counts[pickWinnerIndex(entries, randomInt)]! += 1;
    const expected = draws / entries;
    const statistic = counts.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    // A fair pick fails this less than once in a million runs.
    expect(statistic).toBeLessThan(chiSquareCritical(1e-6, entries - 1));
  });

  it("would catch a biased pick: a remainder of a byte favours the first entries", () => {
    // 256 % 20 = 16: the first 16 of 20 entries get 13 byte values, the last 4 only 12.
    const biased = (max: number) => randomInt(256) % max;
    const entries = 20;
    const draws = 200_000;
    const counts = new Array<number>(entries).fill(0);
    for (let i = 0; i < draws; i++) counts[pickWinnerIndex(entries, biased)]! += 1;
    const expected = draws / entries;
    const statistic = counts.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    expect(statistic).toBeGreaterThan(chiSquareCritical(1e-6, entries - 1));
  });

  it("picks by position from the source and refuses an empty draw or a bad source", () => {
    expect(pickWinner(["a", "b", "c"], () => 2)).toBe("c");
    expect(() => pickWinnerIndex(0, randomInt)).toThrow(RangeError);
    expect(() => pickWinnerIndex(3, () => 3)).toThrow(RangeError);
    expect(() => pickWinnerIndex(3, () => -1)).toThrow(RangeError);
  });
});
