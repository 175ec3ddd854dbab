import { describe, expect, it } from "vitest";
import { cleanTrackingParams, TRACKING_PARAMS, trackingParamsFromUrl } from "./tracking";

describe("tracking parameters (R3.2)", () => {
  it("names all 26", () => {
    expect(TRACKING_PARAMS).toHaveLength(26);
  });

  it("reads the URL's parameters and nothing else", () => {
    const search = new URLSearchParams(
      "utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=G1&aff=abc_123&rand=7&foo=bar&ip_address=1.2.3.4&ga=x",
    );
    expect(trackingParamsFromUrl(search)).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "fall",
      gclid: "G1",
      aff: "abc_123",
      rand: "7",
    });
  });

  it("keeps known string values only, trimmed and cut to 500 characters", () => {
    expect(
      cleanTrackingParams({
        utm_source: "  google ",
        gclid: 5,
        unknown: "x",
        fbclid: "",
        network: "y".repeat(600),
      }),
    ).toEqual({ utm_source: "google", network: "y".repeat(500) });
    expect(cleanTrackingParams(null)).toEqual({});
    expect(cleanTrackingParams("text")).toEqual({});
  });

  it("keeps each value on one line and drops what no browser sends", () => {
    expect(
      cleanTrackingParams({
        utm_source: "google\n\nOpen it: http://evil.example",
        utm_medium: "cpc\u202E",
        utm_campaign: "spring\u0000",
        gclid: "\uD800abc",
        fbclid: "\n\t",
      }),
    ).toEqual({ utm_source: "google Open it: http://evil.example", utm_medium: "cpc" });
  });
});
