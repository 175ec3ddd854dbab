import { afterEach, describe, expect, it, vi } from "vitest";
import { recordPayoutSchema } from "./payout.schema";

const payout = (paidOn: string) => ({
  intent: "record",
  affiliateId: "0b6f7c8e-5d7a-4f3b-9a51-2c1e4d6f8a90",
  commissionIds: "5f0e8c1a-7b2d-4e6f-8a9b-0c1d2e3f4a5b",
  requestKey: "a-request-key-of-enough-length",
  method: "check",
  paidOn,
});

/** The messages about the day, in order: one at most, the first that applies. */
const paidOnErrors = (paidOn: string) =>
  (recordPayoutSchema.safeParse(payout(paidOn)).error?.issues ?? [])
    .filter((issue) => issue.path[0] === "paidOn")
    .map((issue) => issue.message);

describe("the day a payout was paid", () => {
  afterEach(() => vi.useRealTimers());

  it("is today or earlier in Boston", () => {
    // 03:00 UTC on the 30th is still the evening of the 29th in Boston.
    vi.useFakeTimers({ now: new Date("2026-11-30T03:00:00Z"), toFake: ["Date"] });
    expect(paidOnErrors("2026-11-29")).toEqual([]);
    expect(paidOnErrors("2025-01-31")).toEqual([]);
    expect(paidOnErrors("2026-11-30")).toEqual(["Enter today or a day before."]);
    expect(paidOnErrors("2030-01-01")).toEqual(["Enter today or a day before."]);
  });

  it.each(["2026-02-30", "2026-13-01", "2026-00-10", "29/11/2026", ""])(
    "%j is no day of the calendar",
    (paidOn) => {
      expect(paidOnErrors(paidOn)).toEqual(["Enter the day it was paid."]);
    },
  );
});
