import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_POLICY,
  nextRetryDelayMs,
  shouldGiveUp,
  type RetryPolicy,
} from "./retry-policy";

const noJitter = () => 0.5;
const HOUR = 60 * 60 * 1000;

describe("retry policy", () => {
  it("starts at 30 seconds and doubles", () => {
    const delays = [1, 2, 3, 4, 5].map((n) => nextRetryDelayMs(DEFAULT_RETRY_POLICY, n, noJitter));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it("treats zero attempts like one", () => {
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 0, noJitter)).toBe(30_000);
  });

  it("caps the delay at 2 hours, however many attempts", () => {
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 9, noJitter)).toBe(2 * HOUR);
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 40, noJitter)).toBe(2 * HOUR);
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 10_000, noJitter)).toBe(2 * HOUR);
  });

  it("stretches or shrinks by at most 10%", () => {
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0)).toBe(27_000);
    expect(nextRetryDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0.999_999)).toBe(33_000);
    for (let i = 0; i < 200; i++) {
      const delay = nextRetryDelayMs(DEFAULT_RETRY_POLICY, 3);
      expect(delay).toBeGreaterThanOrEqual(108_000);
      expect(delay).toBeLessThanOrEqual(132_000);
    }
  });

  it("keeps retrying for at least 24 hours before giving up", () => {
    // Worst case: every delay at its shortest.
    const start = 0;
    let at = start;
    let attempts = 1;
    while (!shouldGiveUp(DEFAULT_RETRY_POLICY, new Date(start), new Date(at))) {
      at += nextRetryDelayMs(DEFAULT_RETRY_POLICY, attempts, () => 0);
      attempts += 1;
    }
    expect(at - start).toBeGreaterThanOrEqual(24 * HOUR);
    expect(attempts).toBeGreaterThan(10);
  });

  it("gives up once the first attempt is older than the limit", () => {
    const policy: RetryPolicy = {
      baseDelayMs: 100,
      maxDelayMs: 400,
      giveUpAfterMs: 1000,
      jitter: 0,
    };
    const first = new Date("2030-01-01T00:00:00Z");
    expect(shouldGiveUp(policy, first, new Date(first.getTime() + 999))).toBe(false);
    expect(shouldGiveUp(policy, first, new Date(first.getTime() + 1000))).toBe(true);
    expect(nextRetryDelayMs(policy, 4, noJitter)).toBe(400);
  });
});
