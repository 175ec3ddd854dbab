import { describe, expect, it } from "vitest";
import { integerIdOf, integerIdSchema, MAX_INTEGER_ID } from "./ids";

describe("integerIdOf", () => {
  it("reads the ids an integer column holds", () => {
    expect(integerIdOf("1")).toBe(1);
    expect(integerIdOf("42")).toBe(42);
    expect(integerIdOf("0042")).toBe(42);
    expect(integerIdOf("2147483647")).toBe(MAX_INTEGER_ID);
  });

  it("reads an id beyond PostgreSQL's integer as none", () => {
    expect(integerIdOf("2147483648")).toBeUndefined();
    expect(integerIdOf("9999999999")).toBeUndefined();
    expect(integerIdOf("99999999999")).toBeUndefined();
    expect(integerIdOf("9007199254740993")).toBeUndefined();
  });

  it("reads anything but plain digits from 1 up as none", () => {
    for (const value of [null, undefined, "", "0", "-1", "1.5", "1e3", " 1", "1 ", "0x10", "abc"]) {
      expect(integerIdOf(value)).toBeUndefined();
    }
  });
});

describe("integerIdSchema", () => {
  const schema = integerIdSchema("Not found.");

  it("accepts 1 to 2147483647, as text or number", () => {
    expect(schema.parse("1")).toBe(1);
    expect(schema.parse("2147483647")).toBe(MAX_INTEGER_ID);
    expect(schema.parse(7)).toBe(7);
  });

  it("refuses an id beyond PostgreSQL's integer with the form's message", () => {
    for (const value of ["2147483648", "9007199254740993", "1e10", 2 ** 31]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(new Set(parsed.error?.issues.map((issue) => issue.message))).toEqual(
        new Set(["Not found."]),
      );
    }
  });

  it("refuses what is no id with the same message", () => {
    for (const value of ["0", "-3", "1.5", "abc", "", undefined]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Not found.");
    }
  });

  it("is optional as a field when made so", () => {
    expect(integerIdSchema().optional().parse(undefined)).toBeUndefined();
  });
});
