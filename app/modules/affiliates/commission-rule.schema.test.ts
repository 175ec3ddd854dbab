import { describe, expect, it } from "vitest";
import { parseDollarsToCents } from "~/modules/leads/lead-inbox.schema";
import {
  basisPointsAsPercentText,
  centsAsDollarsText,
  COMMISSION_RULE_MESSAGES,
  percent,
  ruleFromForm,
} from "./commission-rule.schema";

describe("a percentage as typed", () => {
  it.each([
    ["5", 500],
    ["12.5", 1250],
    ["0.01", 1],
    ["100", 10_000],
    ["7.25 %", 725],
    ["", null],
  ])("%j is %j basis points", (text, basisPoints) => {
    expect(percent().parse(text)).toBe(basisPoints);
  });

  it.each(["0", "100.01", "12.345", "five", "-3"])("%j is refused", (text) => {
    const result = percent().safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(COMMISSION_RULE_MESSAGES.percent);
  });
});

describe("amounts other than a job's value", () => {
  it("reads a negative adjustment, and refuses a minus sign where none is allowed", () => {
    expect(parseDollarsToCents("-$40.25", { label: "the amount", allowNegative: true })).toEqual({
      cents: -4025,
    });
    expect(parseDollarsToCents("$-1,500", { label: "the amount", allowNegative: true })).toEqual({
      cents: -150_000,
    });
    expect(parseDollarsToCents("-40")).toEqual({
      error: "Enter the job value in dollars, like 12,500 or 12500.50",
    });
    expect(parseDollarsToCents("0", { label: "the minimum payout", allowZero: true })).toEqual({
      cents: 0,
    });
  });
});

describe("a rule's fields as a form starts from them", () => {
  it("shows cents as dollars and basis points as a percentage", () => {
    expect(centsAsDollarsText(50_000)).toBe("500");
    expect(centsAsDollarsText(1_250)).toBe("12.50");
    expect(centsAsDollarsText(-4_025)).toBe("-40.25");
    expect(centsAsDollarsText(null)).toBe("");
    expect(basisPointsAsPercentText(1250)).toBe("12.5");
  });

  it("drops a cap without a percentage and reads an empty minimum as none", () => {
    expect(
      ruleFromForm({
        flat: 50_000,
        percent: null,
        cap: 100,
        combination: "sum",
        minJobValue: null,
      }),
    ).toEqual({
      flatCents: 50_000,
      percentBasisPoints: null,
      percentCapCents: null,
      combination: "sum",
      minJobValueCents: 0,
    });
  });
});
