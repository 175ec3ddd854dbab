import { describe, expect, it } from "vitest";
import {
  analyticsCsvHref,
  formatChange,
  formatPointChange,
  monthsBefore,
  parseAnalyticsQuery,
  periodDays,
  previousSpan,
} from "./reports.schema";

const parse = (query: string) => parseAnalyticsQuery(new URLSearchParams(query));

describe("the analytics period", () => {
  it("defaults to the last 30 days and the first touch", () => {
    expect(parse("").query).toEqual({ period: "last30", touch: "first" });
    expect(parse("").errors).toEqual({});
  });

  it("reads presets, ignoring dates they do not use", () => {
    expect(parse("period=last7&from=2026-01-01&touch=last").query).toEqual({
      period: "last7",
      touch: "last",
    });
  });

  it("needs both dates of a custom period, in order, at most two years apart", () => {
    expect(parse("period=custom&from=2026-01-01&to=2026-01-31").query).toEqual({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      touch: "first",
    });
    expect(parse("period=custom&from=2026-01-01").errors).toEqual({ to: "Enter an end date" });
    expect(parse("period=custom&from=2026-02-01&to=2026-01-31").errors).toEqual({
      to: "The end date must be on or after the start date",
    });
    expect(parse("period=custom&from=2020-01-01&to=2026-01-31").errors.to).toMatch(/at most/);
    expect(parse("period=custom&from=2026-02-30&to=2026-03-01").errors.from).toBe(
      "Enter a date that exists",
    );
    expect(parse("period=custom&from=9999-12-31&to=9999-12-31").errors).toEqual({
      from: "Enter a date from 2000 to 2999",
      to: "Enter a date from 2000 to 2999",
    });
  });

  it("explains a refused value and falls back to the default period, keeping the touch", () => {
    const parsed = parse("period=forever&touch=last");
    expect(parsed.errors).toEqual({ period: "Choose a period from the list" });
    expect(parsed.query).toEqual({ period: "last30", touch: "last" });
    expect(parsed.typed.period).toBe("forever");
  });

  it("turns presets into days, today included", () => {
    const today = "2026-03-15";
    expect(periodDays({ period: "last7", touch: "first" }, today)).toEqual({
      from: "2026-03-09",
      to: "2026-03-15",
    });
    expect(periodDays({ period: "last90", touch: "first" }, today).from).toBe("2025-12-16");
    expect(periodDays({ period: "thisMonth", touch: "first" }, today)).toEqual({
      from: "2026-03-01",
      to: "2026-03-15",
    });
    expect(periodDays({ period: "lastMonth", touch: "first" }, today)).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });

  it("compares with the same number of days just before", () => {
    expect(previousSpan({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      from: "2026-01-04",
      to: "2026-01-31",
    });
  });

  it("counts retention months back by the calendar", () => {
    expect(monthsBefore("2026-11-20", 13)).toBe("2025-10-20");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
  });

  it("words changes and builds CSV addresses", () => {
    expect(formatChange(15, 12)).toBe("+25%");
    expect(formatChange(9, 12)).toBe("−25%");
    expect(formatChange(3, 0)).toBe("New");
    expect(formatChange(0, 0)).toBe("No change");
    expect(formatPointChange(0.5, 0.25)).toBe("+25 pts");
    expect(formatPointChange(null, 0.25)).toBe("No comparison");
    expect(
      analyticsCsvHref("pages", {
        period: "custom",
        from: "2026-01-01",
        to: "2026-01-31",
        touch: "last",
      }),
    ).toBe(
      "/admin/analytics/export.csv?table=pages&period=custom&from=2026-01-01&to=2026-01-31&touch=last",
    );
  });
});
