import { describe, expect, it } from "vitest";
import { EMPTY_ENTRY_FORM, toEntryFormValues } from "./giveaway-entry-fields";
import { ENTRY_MESSAGES, validateEntry } from "./giveaway-entry.schema";

const valid = {
  name: "  Jordan   Rivera ",
  email: " Jordan.Rivera@Example.COM ",
  phone: "(617) 555-0142",
  zip: "02169",
  agreeToRules: "on",
};

describe("the giveaway entry form's rules", () => {
  it("reads a valid entry: one line, e-mail in lower case, phone in E.164", () => {
    expect(validateEntry(valid)).toEqual({
      ok: true,
      value: {
        name: "Jordan Rivera",
        email: "jordan.rivera@example.com",
        phone: "+16175550142",
        zip: "02169",
        agreeToRules: true,
      },
    });
    expect(validateEntry({ ...valid, phone: "+1 617 555 0142", zip: "02169-1234" })).toMatchObject({
      ok: true,
      value: { phone: "+16175550142", zip: "02169-1234" },
    });
  });

  it("answers every field's message beside it for an empty form", () => {
    expect(validateEntry(EMPTY_ENTRY_FORM)).toEqual({
      ok: false,
      errors: {
        name: ENTRY_MESSAGES.nameRequired,
        email: ENTRY_MESSAGES.emailInvalid,
        phone: ENTRY_MESSAGES.phoneInvalid,
        zip: ENTRY_MESSAGES.zipInvalid,
        agreeToRules: ENTRY_MESSAGES.agreeToRulesRequired,
      },
    });
  });

  it("uses the consultation form's phone messages for too few or too many digits", () => {
    expect(validateEntry({ ...valid, phone: "617 555 014" })).toEqual({
      ok: false,
      errors: { phone: "Phone number must be at least 10 digits" },
    });
    expect(validateEntry({ ...valid, phone: "1 617 555 01429" })).toEqual({
      ok: false,
      errors: { phone: "Phone number cannot exceed 10 digits after the 1" },
    });
  });

  it("takes a US ZIP code of 5 digits or ZIP+4 only", () => {
    for (const zip of ["2169", "021690", "02169-12", "ABCDE", "02169 1234"]) {
      expect(validateEntry({ ...valid, zip })).toEqual({
        ok: false,
        errors: { zip: ENTRY_MESSAGES.zipInvalid },
      });
    }
  });

  it("refuses a name of invisible characters, an over-long field and bytes no one types", () => {
    expect(validateEntry({ ...valid, name: "\u202e\u200f " })).toMatchObject({
      errors: { name: ENTRY_MESSAGES.nameRequired },
    });
    expect(validateEntry({ ...valid, name: "a".repeat(121) })).toMatchObject({
      errors: { name: ENTRY_MESSAGES.tooLong },
    });
    expect(validateEntry({ ...valid, email: "a\u0000@example.com" })).toMatchObject({
      errors: { email: ENTRY_MESSAGES.emailInvalid },
    });
    expect(validateEntry({ ...valid, agreeToRules: "off" })).toMatchObject({
      errors: { agreeToRules: ENTRY_MESSAGES.agreeToRulesRequired },
    });
  });

  it("reads any posted fields as strings, missing ones empty", () => {
    expect(toEntryFormValues({ name: "Ann", email: 3, extra: "x" })).toEqual({
      ...EMPTY_ENTRY_FORM,
      name: "Ann",
    });
  });
});
