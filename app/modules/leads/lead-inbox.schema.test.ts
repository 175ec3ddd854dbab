import { describe, expect, it } from "vitest";
import { parseDollarsToCents } from "./lead-inbox.schema";

describe("the job value in dollars", () => {
  it.each([
    ["12,500", 1_250_000],
    ["12500", 1_250_000],
    ["12500.50", 1_250_050],
    ["12,500.5", 1_250_050],
    ["$12,500.00", 1_250_000],
    [" 0.01 ", 1],
    ["1,234,567.89", 123_456_789],
    ["21,474,836.47", 2_147_483_647],
  ])("%j is %i cents", (text, cents) => {
    expect(parseDollarsToCents(text)).toEqual({ cents });
  });

  it.each(["", "  ", "abc", "12.345", "1,2345", "12,50", "-5", "1e5", "12 500", "0", "0.00"])(
    "%j is refused with a message",
    (text) => {
      const result = parseDollarsToCents(text);
      expect("error" in result && result.error.length > 0).toBe(true);
    },
  );

  it("refuses more than the column holds", () => {
    expect(parseDollarsToCents("21,474,836.48")).toEqual({
      error: "The job value can be at most $21,474,836.47",
    });
  });
});
