import { describe, expect, it } from "vitest";
import { TRACKER_TIMINGS } from "../event-catalogue";
import { fullBucket, takeToken, type Bucket } from "./rate-limit";

const { eventsPerSecond, burst } = TRACKER_TIMINGS;

/** How many of `count` events, `gapMs` apart from a full bucket, get a token. */
function accepted(count: number, gapMs: number, start: Bucket = fullBucket(burst, 0)): number {
  let bucket = start;
  let ok = 0;
  for (let index = 0; index < count; index += 1) {
    const taken = takeToken(bucket, start.at + index * gapMs, eventsPerSecond, burst);
    bucket = taken.bucket;
    if (taken.ok) ok += 1;
  }
  return ok;
}

describe("the tracker's token bucket (R9.6: 10 events/s, burst 100)", () => {
  it.each([
    { case: "a burst of 100 at once", count: 100, gapMs: 0, ok: 100 },
    { case: "the 101st at once is dropped", count: 101, gapMs: 0, ok: 100 },
    { case: "1,000 at once: only the burst", count: 1_000, gapMs: 0, ok: 100 },
    { case: "10 a second forever", count: 500, gapMs: 100, ok: 500 },
    { case: "20 a second for 20 s: burst plus the refill", count: 400, gapMs: 50, ok: 299 },
  ])("$case", ({ count, gapMs, ok }) => {
    expect(accepted(count, gapMs)).toBe(ok);
  });

  it("refills at 10 a second after the burst is spent, never above the burst", () => {
    let bucket = fullBucket(burst, 0);
    for (let index = 0; index < burst; index += 1) {
      bucket = takeToken(bucket, 0, eventsPerSecond, burst).bucket;
    }
    expect(takeToken(bucket, 0, eventsPerSecond, burst).ok).toBe(false);
    expect(takeToken(bucket, 99, eventsPerSecond, burst).ok).toBe(false);
    expect(takeToken(bucket, 100, eventsPerSecond, burst).ok).toBe(true);
    // An hour later the bucket holds the burst, not 36,000.
    const idle = takeToken({ tokens: 0, at: -3_600_000 }, 0, eventsPerSecond, burst);
    expect(idle.bucket.tokens).toBe(burst - 1);
  });

  it("ignores a clock that went back", () => {
    const bucket: Bucket = { tokens: 0, at: 10_000 };
    expect(takeToken(bucket, 5_000, eventsPerSecond, burst).ok).toBe(false);
  });
});
