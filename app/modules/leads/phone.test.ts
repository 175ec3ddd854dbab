import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone";

describe("normalizePhone (R5.2)", () => {
  it.each([
    // input, shown value, valid, error, E.164
    ["6175550142", "6175550142", true, undefined, "+16175550142"],
    ["(617) 555-0142", "6175550142", true, undefined, "+16175550142"],
    ["617.555.0142", "6175550142", true, undefined, "+16175550142"],
    ["16175550142", "16175550142", true, undefined, "+16175550142"],
    ["+1 617 555 0142", "+16175550142", true, undefined, "+16175550142"],
    ["+1 (617) 555-0142", "+16175550142", true, undefined, "+16175550142"],
    ["617555014", "617555014", false, "Phone number must be at least 10 digits", undefined],
    [
      "1617555014",
      "1617555014",
      false,
      "Phone number must be at least 10 digits after the 1",
      undefined,
    ],
    [
      "+1617555014",
      "+1617555014",
      false,
      "Phone number must be at least 10 digits after the 1",
      undefined,
    ],
    ["61755501423", "6175550142", false, "Phone number cannot exceed 10 digits", undefined],
    [
      "161755501423",
      "16175550142",
      false,
      "Phone number cannot exceed 10 digits after the 1",
      undefined,
    ],
    [
      "+1617555014234",
      "+16175550142",
      false,
      "Phone number cannot exceed 10 digits after the 1",
      undefined,
    ],
    ["", "", false, "Phone number must be at least 10 digits", undefined],
    ["1", "1", false, "Phone number must be at least 10 digits after the 1", undefined],
    ["abc", "", false, "Phone number must be at least 10 digits", undefined],
  ])("%j -> %j", (input, value, isValid, error, e164) => {
    expect(normalizePhone(input)).toEqual({ value, isValid, error, e164 });
  });

  it("keeps a leading plus and strips every other non-digit", () => {
    expect(normalizePhone("+617-555-0142").value).toBe("+6175550142");
    expect(normalizePhone("617+555+0142").value).toBe("6175550142");
  });
});
