import { describe, expect, it } from "vitest";
import { DEMO_COMPANY } from "~/db/seed";
import { formatOpeningHours, formatTime, telHref } from "./format";

describe("telHref", () => {
  it.each([
    ["(617) 555-0142", "tel:+16175550142"],
    ["1-617-555-0142", "tel:+16175550142"],
    ["+1 617 555 0142", "tel:+16175550142"],
    ["+44 20 7946 0000", "tel:+442079460000"],
  ])("%s -> %s", (phone, href) => expect(telHref(phone)).toBe(href));
});

describe("opening hours", () => {
  it("formats times on a 12-hour clock", () => {
    expect(formatTime("00:00")).toBe("12:00 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("08:30")).toBe("8:30 AM");
    expect(formatTime("20:00")).toBe("8:00 PM");
  });

  it("shows the demo company's hours exactly as the business states them", () => {
    expect(DEMO_COMPANY.openingHours.map(formatOpeningHours)).toEqual([
      "Mon-Fri 8:00 AM-8:00 PM",
      "Sat 10:00 AM-6:00 PM",
      "Sun 12:00 PM-5:00 PM",
    ]);
  });
});
