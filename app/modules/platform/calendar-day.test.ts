import { describe, expect, it } from "vitest";
import { formatCount } from "~/components/site/use-site";
import { companyDay, longDate, monthAndYear, shortDate } from "./calendar-day";

describe("calendar days as the public pages show them", () => {
  it("writes a day as en-US's long date and as month and year", () => {
    for (const [day, long, month] of [
      ["2026-11-23", "November 23, 2026", "November 2026"],
      ["2027-01-05", "January 5, 2027", "January 2027"],
      ["2026-12-31T23:59:00Z", "December 31, 2026", "December 2026"],
    ] as const) {
      expect(longDate(day)).toBe(long);
      expect(monthAndYear(day)).toBe(month);
      // The same words as the browser's Intl would write, without loading it there.
      const utc = new Date(`${day.slice(0, 10)}T12:00:00Z`);
      expect(long).toBe(utc.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }));
    }
  });

  it("writes a day as en-US's medium date", () => {
    for (const [day, short] of [
      ["2026-11-23", "Nov 23, 2026"],
      ["2027-01-05", "Jan 5, 2027"],
      ["2026-09-30", "Sep 30, 2026"],
      ["2026-05-01", "May 1, 2026"],
    ] as const) {
      expect(shortDate(day)).toBe(short);
      const utc = new Date(`${day}T12:00:00Z`);
      expect(short).toBe(utc.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }));
    }
    expect(shortDate("2026-13-01")).toBe("2026-13-01");
  });

  it("leaves what is not a calendar day as it is", () => {
    expect(longDate("2026-13-01")).toBe("2026-13-01");
    expect(monthAndYear("soon")).toBe("soon");
  });

  it("takes the company's day in Boston, across midnight and daylight-saving changes", () => {
    // 03:30 UTC is still the evening before in Boston, in summer and in winter.
    expect(companyDay(new Date("2026-07-01T03:30:00Z"))).toBe("2026-06-30");
    expect(companyDay(new Date("2026-12-01T04:30:00Z"))).toBe("2026-11-30");
    expect(companyDay(new Date("2026-12-01T05:30:00Z"))).toBe("2026-12-01");
    expect(companyDay(new Date("2026-03-08T06:59:00Z"))).toBe("2026-03-08");
  });

  it("groups whole numbers by thousands as en-US does", () => {
    for (const value of [0, 7, 999, 1000, 32_000, 1_250_000, -4500]) {
      expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
    }
  });
});
