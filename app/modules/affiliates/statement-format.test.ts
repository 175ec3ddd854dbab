import { describe, expect, it } from "vitest";
import { formatUsd } from "./statement-format";
import { parseStatementPeriod } from "./statement.schema";

describe("money in the portal", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [5_000, "$50.00"],
    [123_456, "$1,234.56"],
    [123_456_789, "$1,234,567.89"],
    [-10_000, "-$100.00"],
  ])("%d cents reads %s", (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe("a statement's period", () => {
  const parse = (query: string) => parseStatementPeriod(new URLSearchParams(query));

  it("takes either bound or both, empty fields as none", () => {
    expect(parse("")).toEqual({ period: {}, errors: {} });
    expect(parse("from=&to=")).toEqual({ period: {}, errors: {} });
    expect(parse("from=2026-01-01")).toEqual({ period: { from: "2026-01-01" }, errors: {} });
    expect(parse("from=2026-01-01&to=2026-01-31")).toEqual({
      period: { from: "2026-01-01", to: "2026-01-31" },
      errors: {},
    });
  });

  it("reports a date it cannot read, a day that does not exist, and a reversed period", () => {
    expect(parse("from=01/02/2026").errors).toEqual({ from: "Enter a date as YYYY-MM-DD" });
    expect(parse("to=2026-02-30").errors).toEqual({ to: "Enter a date that exists" });
    expect(parse("from=2026-03-01&to=2026-02-01")).toEqual({
      period: {},
      errors: { to: "The end date must be on or after the start date" },
    });
  });
});
