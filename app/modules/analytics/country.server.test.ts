import { describe, expect, it } from "vitest";
import { addressValue, countryIn, parseCountryTable } from "./country.server";

describe("the country table", () => {
  const table = parseCountryTable(
    [
      "start,end,country",
      "# a comment",
      "1.0.0.0,1.0.0.255,au",
      '"8.8.8.0","8.8.8.255","US"',
      "10.0.0.0,9.0.0.0,XX",
      "2001:db8::,2001:db8:0:ffff:ffff:ffff:ffff:ffff,DE",
      "not,an,address",
    ].join("\n"),
  );

  it("reads valid ranges only, sorted", () => {
    expect(table.map((range) => range.country)).toEqual(["AU", "US", "DE"]);
  });

  it("finds an address's country by binary search, IPv4 and IPv6 alike", () => {
    expect(countryIn(table, "1.0.0.7")).toBe("AU");
    expect(countryIn(table, "8.8.8.8")).toBe("US");
    expect(countryIn(table, "::ffff:8.8.8.8")).toBe("US");
    expect(countryIn(table, "2001:db8::1")).toBe("DE");
    expect(countryIn(table, "2001:db8:0:1::")).toBe("DE");
    expect(countryIn(table, "2001:db8:1::")).toBeUndefined();
    expect(countryIn(table, "8.8.9.0")).toBeUndefined();
    expect(countryIn(table, "0.0.0.1")).toBeUndefined();
    expect(countryIn(table, "not an address")).toBeUndefined();
    expect(countryIn(table, undefined)).toBeUndefined();
  });

  it("reads IPv6 in its short forms", () => {
    expect(addressValue("::")).toBe(0n);
    expect(addressValue("::1")).toBe(1n);
    expect(addressValue("1::")).toBe(1n << 112n);
    expect(addressValue("::ffff:1.2.3.4")).toBe(addressValue("1.2.3.4"));
    expect(addressValue("fe80::1%eth0")).toBe((0xfe80n << 112n) + 1n);
  });
});
