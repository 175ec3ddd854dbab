import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "~/db/schema";
import {
  centsToDollars,
  csvCell,
  csvLine,
  LEAD_CSV_HEADER,
  leadCsvRow,
  newYorkDateTime,
  type LeadCsvSource,
} from "./lead-csv";
import { LEAD_STATUS_LABELS, LEAD_STATUS_OPTIONS } from "./lead-status-labels";
import { formatPhone } from "./phone";

describe("a CSV cell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["with, comma", '"with, comma"'],
    ["with; semicolon", '"with; semicolon"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\r\nlf", '"cr\r\nlf"'],
    [" padded ", '" padded "'],
    ["Zoë O'Brien", "Zoë O'Brien"],
  ])("%j is written as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["=SUM(A1:A9)", `"'=SUM(A1:A9)"`],
    ["+1234", `"'+1234"`],
    ["-2+3", `"'-2+3"`],
    ["@cmd", `"'@cmd"`],
    ["\t=1", `"'\t=1"`],
    ["=1;2", `"'=1;2"`],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
  ])("a formula %j is defused as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["-100.00", "-100.00"],
    [-12, "-12"],
    ["-1e3", `"'-1e3"`],
    ["-100.00 ", `"'-100.00 "`],
  ])("a plain negative number %j stays a number: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes empty cells for missing values and numbers as text", () => {
    expect(csvLine([null, undefined, 12, "a"])).toBe(",,12,a\r\n");
  });
});

describe("money and time in the export", () => {
  it("writes cents as dollars spreadsheets read as numbers", () => {
    expect(centsToDollars(1_250_050)).toBe("12500.50");
    expect(centsToDollars(5)).toBe("0.05");
    expect(centsToDollars(100)).toBe("1.00");
    expect(centsToDollars(null)).toBe("");
  });

  it("writes times in New York time, across daylight saving", () => {
    expect(newYorkDateTime(new Date("2026-07-04T16:30:00Z"))).toBe("2026-07-04 12:30");
    expect(newYorkDateTime(new Date("2026-12-01T04:59:00Z"))).toBe("2026-11-30 23:59");
  });
});

describe("a lead's row", () => {
  const lead: LeadCsvSource = {
    createdAt: new Date("2026-11-20T15:04:00Z"),
    status: "won",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+16175550142",
    service: "Bathroom Remodeling",
    projectType: "Home",
    source: "Referral",
    referralName: "Sam Neighbour",
    otherSource: null,
    affiliateCode: "harbor-design",
    tracking: { utm_source: "google", utm_medium: "cpc", utm_campaign: "autumn", gclid: "x" },
    jobValueCents: 1_250_000,
    lostReason: null,
  };

  it("has a value for every column, in order", () => {
    const row = leadCsvRow(lead);
    expect(row).toHaveLength(LEAD_CSV_HEADER.length);
    expect(row).toEqual([
      "2026-11-20 10:04",
      "Won",
      "Ada",
      "Lovelace",
      "ada@example.com",
      "(617) 555-0142",
      "Bathroom Remodeling",
      "Home",
      "Referral",
      "Sam Neighbour",
      "harbor-design",
      "google",
      "cpc",
      "autumn",
      "12500.00",
      "",
    ]);
  });
});

describe("lead display helpers", () => {
  it("labels every status of the pipeline, in its order", () => {
    expect(LEAD_STATUS_OPTIONS.map((option) => option.value)).toEqual([...LEAD_STATUSES]);
    expect(LEAD_STATUS_LABELS.appointment_set).toBe("Appointment set");
  });

  it("formats US numbers and leaves others alone", () => {
    expect(formatPhone("+16175550142")).toBe("(617) 555-0142");
    expect(formatPhone("+442071234567")).toBe("+442071234567");
  });
});
