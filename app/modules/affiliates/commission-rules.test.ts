import { describe, expect, it } from "vitest";
import {
  COMMISSION_MOVES,
  COMMISSION_STATUSES,
  commissionFor,
  commissionStatusAfter,
  describeRule,
  holdEndsAt,
  isHoldOver,
  type CommissionMove,
  type CommissionRule,
  type CommissionStatus,
} from "./commission-rules";

const rule = (overrides: Partial<CommissionRule>): CommissionRule => ({
  flatCents: null,
  percentBasisPoints: null,
  percentCapCents: null,
  combination: "greater",
  minJobValueCents: 0,
  ...overrides,
});

describe("commissionFor", () => {
  const cases: [string, Partial<CommissionRule>, number, number][] = [
    ["flat", { flatCents: 50_000 }, 2_400_000, 50_000],
    ["flat on a small job", { flatCents: 50_000 }, 100, 50_000],
    ["percentage", { percentBasisPoints: 500 }, 2_400_000, 120_000],
    ["percentage rounds half up to the cent", { percentBasisPoints: 250 }, 1_002, 25],
    ["percentage rounds down below half", { percentBasisPoints: 250 }, 1_001, 25],
    ["percentage of 12.5 %", { percentBasisPoints: 1250 }, 1_999_99, 25_000],
    [
      "percentage under its cap",
      { percentBasisPoints: 500, percentCapCents: 200_000 },
      2_400_000,
      120_000,
    ],
    [
      "percentage at its cap",
      { percentBasisPoints: 500, percentCapCents: 100_000 },
      2_400_000,
      100_000,
    ],
    ["below the minimum job value", { flatCents: 50_000, minJobValueCents: 500_000 }, 499_999, 0],
    ["at the minimum job value", { flatCents: 50_000, minJobValueCents: 500_000 }, 500_000, 50_000],
    [
      "greater of: the percentage",
      { flatCents: 50_000, percentBasisPoints: 500 },
      2_400_000,
      120_000,
    ],
    [
      "greater of: the flat amount",
      { flatCents: 50_000, percentBasisPoints: 500 },
      600_000,
      50_000,
    ],
    [
      "greater of, with the percentage capped",
      { flatCents: 50_000, percentBasisPoints: 500, percentCapCents: 40_000 },
      2_400_000,
      50_000,
    ],
    ["sum", { flatCents: 50_000, percentBasisPoints: 500, combination: "sum" }, 2_400_000, 170_000],
    [
      "sum, with the percentage capped",
      { flatCents: 50_000, percentBasisPoints: 500, percentCapCents: 100_000, combination: "sum" },
      2_400_000,
      150_000,
    ],
    [
      "sum below the minimum",
      {
        flatCents: 50_000,
        percentBasisPoints: 500,
        combination: "sum",
        minJobValueCents: 1_000_000,
      },
      999_999,
      0,
    ],
    ["no terms at all", {}, 2_400_000, 0],
    ["a job worth nothing", { flatCents: 50_000 }, 0, 0],
    ["a negative job value", { flatCents: 50_000 }, -100, 0],
    ["a job value that is not whole cents", { percentBasisPoints: 500 }, 10.5, 0],
  ];
  it.each(cases)("%s", (_name, terms, jobValueCents, expected) => {
    expect(commissionFor(rule(terms), jobValueCents)).toBe(expected);
  });
});

describe("describeRule", () => {
  it.each([
    [{ flatCents: 50_000 }, "$500.00 per job"],
    [{ percentBasisPoints: 500, percentCapCents: 100_000 }, "5 % of the job (at most $1,000.00)"],
    [
      { flatCents: 50_000, percentBasisPoints: 250, minJobValueCents: 1_000_000 },
      "the greater of $500.00 per job and 2.5 % of the job, for jobs of $10,000.00 or more",
    ],
    [
      { flatCents: 25_000, percentBasisPoints: 100, combination: "sum" as const },
      "$250.00 per job plus 1 % of the job",
    ],
  ])("%j reads %s", (terms, words) => {
    expect(describeRule(rule(terms))).toBe(words);
  });
});

describe("the hold period", () => {
  const wonAt = new Date("2026-11-02T15:00:00Z");
  it.each([
    [30, "2026-12-02T14:59:59Z", false],
    [30, "2026-12-02T15:00:00Z", true],
    [30, "2026-12-20T00:00:00Z", true],
    [0, "2026-11-02T15:00:00Z", true],
    [7, "2026-11-08T23:59:59Z", false],
    [7, "2026-11-09T15:00:00Z", true],
  ])("%i days: over at %s is %s", (days, now, over) => {
    expect(isHoldOver(wonAt, days, new Date(now))).toBe(over);
  });
  it("ends whole days after the job was won", () => {
    expect(holdEndsAt(wonAt, 30).toISOString()).toBe("2026-12-02T15:00:00.000Z");
  });
});

describe("status moves, every one tried from every status", () => {
  const allowed: Record<CommissionMove, Partial<Record<CommissionStatus, CommissionStatus>>> = {
    approve: { pending: "approved" },
    pay: { approved: "paid" },
    unpay: { paid: "approved" },
    void: { pending: "void", approved: "void" },
    recalculate: { pending: "pending", approved: "approved" },
  };
  const cases = (Object.keys(COMMISSION_MOVES) as CommissionMove[]).flatMap((move) =>
    COMMISSION_STATUSES.map((from) => [move, from, allowed[move][from]] as const),
  );
  it.each(cases)("%s from %s -> %s", (move, from, to) => {
    expect(commissionStatusAfter(from, move)).toBe(to);
  });
  it("a paid commission is never voided or recalculated; a void one never comes back", () => {
    expect(commissionStatusAfter("paid", "void")).toBeUndefined();
    expect(commissionStatusAfter("paid", "recalculate")).toBeUndefined();
    for (const move of Object.keys(COMMISSION_MOVES) as CommissionMove[]) {
      expect(commissionStatusAfter("void", move)).toBeUndefined();
    }
  });
});
