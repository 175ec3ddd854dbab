import { describe, expect, it } from "vitest";
import { TRACKER_TIMINGS } from "../event-catalogue";
import { retryable, retryDelay } from "./retry";

const { retryFirstMs, retryMaxMs, retryAttempts } = TRACKER_TIMINGS;
const delay = (attempt: number) => retryDelay(attempt, retryFirstMs, retryMaxMs, retryAttempts);

describe("the tracker's retries (R7.4, R9.6)", () => {
  it.each([
    [1, 3_000],
    [2, 6_000],
    [3, 12_000],
    [4, 24_000],
    [5, 48_000],
    [6, 96_000],
    [7, 192_000],
    [8, 384_000],
    [9, 768_000],
    [10, 1_536_000],
  ])("waits before retry %i: %i ms (3 s doubling)", (attempt, ms) => {
    expect(delay(attempt)).toBe(ms);
  });

  it("never waits more than 30 minutes", () => {
    expect(retryDelay(12, retryFirstMs, retryMaxMs, 20)).toBe(30 * 60_000);
  });

  it.each([0, 11, 50])("gives up: no retry number %i", (attempt) => {
    expect(delay(attempt)).toBeUndefined();
  });

  it.each([
    { status: undefined, retried: true },
    { status: 500, retried: true },
    { status: 502, retried: true },
    { status: 503, retried: true },
    { status: 400, retried: false },
    { status: 403, retried: false },
    { status: 408, retried: false },
    { status: 413, retried: false },
    { status: 429, retried: false },
    { status: 204, retried: false },
  ])("answer $status: retried $retried (never a 4xx)", ({ status, retried }) => {
    expect(retryable(status)).toBe(retried);
  });
});
