import { describe, expect, it } from "vitest";
import { sourceOptions } from "./lead-fields";
import { prefillSource } from "./source-prefill";

const options = sourceOptions("Dana Whitfield");

describe("source pre-fill from the URL (R4.5, R4.6)", () => {
  it.each([
    [{ source: "Google" }, { source: "Google", otherSource: "" }],
    [{ source: "google" }, { source: "Google", otherSource: "" }],
    [{ source: "TV" }, { source: "TV", otherSource: "" }],
    [{ source: "dana whitfield" }, { source: "Dana Whitfield", otherSource: "" }],
    [{ source: "quincy-showroom-fall" }, { source: "Quincy Showroom", otherSource: "" }],
    [{ source: "QUINCY" }, { source: "Quincy Showroom", otherSource: "" }],
    [{ source: "home-show-2026" }, { source: "Other", otherSource: "home-show-2026" }],
    [
      { source: "Google", utm_source: "facebook" },
      { source: "Google", otherSource: "" },
    ],
    [
      { source: "", utm_source: "youtube" },
      { source: "YouTube", otherSource: "" },
    ],
  ])("source %j -> %j", (params, expected) => {
    expect(prefillSource(params, options)).toEqual(expected);
  });

  it.each([
    ["google", "Google"],
    ["Google-Ads", "Google"],
    ["facebook_feed", "Facebook"],
    ["m.facebook.com", "Facebook"],
    ["instagram", "Instagram"],
    ["youtube", "YouTube"],
    ["wbz-tv", "TV"],
    ["tv", "TV"],
    ["radio_wxks", "Radio"],
    ["quincy showroom", "Quincy Showroom"],
    ["quincy_showroom", "Quincy Showroom"],
  ])("utm_source %j -> %s", (utm, source) => {
    expect(prefillSource({ utm_source: utm }, options)).toEqual({ source, otherSource: "" });
  });

  it("leaves the field empty when nothing matches", () => {
    expect(prefillSource({ utm_source: "newsletter" }, options)).toBeUndefined();
    expect(prefillSource({}, options)).toBeUndefined();
  });
});
