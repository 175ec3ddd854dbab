import { describe, expect, it } from "vitest";
import {
  EMPTY_LEAD_FORM,
  sourceOptions,
  toLeadFormValues,
  type LeadFormValues,
} from "./lead-fields";
import { validateLead } from "./lead.schema";

const options = { referralByName: "Dana Whitfield" };

const valid: LeadFormValues = {
  ...EMPTY_LEAD_FORM,
  firstName: "Avery",
  lastName: "Sample",
  email: "avery@example.com",
  phone: "(617) 555-0101",
  service: "Bathroom Remodeling",
  projectType: "Home",
  source: "Google",
  agreeToContact: "on",
  agreeToAllPresent: "on",
};

const errorsOf = (values: Partial<LeadFormValues>) => {
  const result = validateLead({ ...valid, ...values }, options);
  return result.ok ? {} : result.errors;
};

describe("text that is not what a person typed", () => {
  it("refuses names of only invisible or direction-control characters", () => {
    expect(errorsOf({ firstName: "\u200B\u202E", lastName: "\u2066 \u2069" })).toEqual({
      firstName: errorsOf({ firstName: "" }).firstName,
      lastName: errorsOf({ lastName: "" }).lastName,
    });
    expect(errorsOf({ source: "Other", otherSource: "\u200F\n" }).otherSource).toBe(
      errorsOf({ source: "Other", otherSource: "" }).otherSource,
    );
  });

  it("keeps every field on one line, without direction controls", () => {
    const result = validateLead(
      {
        ...valid,
        firstName: "Ann\u202Egnp",
        source: "Other",
        otherSource: "A flyer\n\nOpen it: http://evil.example",
      },
      options,
    );
    expect(result.ok && result.value).toMatchObject({
      firstName: "Anngnp",
      otherSource: "A flyer Open it: http://evil.example",
    });
  });

  it("refuses an e-mail address with a line break or control character in it", () => {
    expect(errorsOf({ email: "a\n@example.com" }).email).toBeDefined();
    expect(errorsOf({ email: "a@exa\u0007mple.com" }).email).toBeDefined();
  });
});

describe("the consultation form's rules (R5)", () => {
  it("accepts a complete request and normalises it", () => {
    const result = validateLead(
      { ...valid, email: " Avery@Example.com ", firstName: " Avery  " },
      options,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        firstName: "Avery",
        lastName: "Sample",
        email: "avery@example.com",
        phone: "+16175550101",
        service: "Bathroom Remodeling",
        projectType: "Home",
        source: "Google",
        referralName: null,
        otherSource: null,
        agreeToContact: true,
        agreeToAllPresent: true,
      },
    });
  });

  it.each([
    ["firstName", { firstName: "" }, "Please enter your first name"],
    ["firstName", { firstName: "   " }, "Please enter your first name"],
    ["lastName", { lastName: "" }, "Please enter your last name"],
    ["email", { email: "" }, "Please enter a valid email address"],
    ["email", { email: "avery" }, "Please enter a valid email address"],
    ["email", { email: "avery@example" }, "Please enter a valid email address"],
    ["email", { email: "avery @example.com" }, "Please enter a valid email address"],
    ["email", { email: "@example.com" }, "Please enter a valid email address"],
    ["phone", { phone: "" }, "Please enter a valid phone number"],
    ["phone", { phone: "call me" }, "Please enter a valid phone number"],
    ["phone", { phone: "555-0101" }, "Phone number must be at least 10 digits"],
    ["phone", { phone: "1 555 0101" }, "Phone number must be at least 10 digits after the 1"],
    ["phone", { phone: "617 555 01011" }, "Phone number cannot exceed 10 digits"],
    ["phone", { phone: "+1 617 555 01011" }, "Phone number cannot exceed 10 digits after the 1"],
    ["service", { service: "", projectType: "" }, "Please choose a service"],
    ["service", { service: "Kitchen Remodeling" }, "Please choose one of the options"],
    ["projectType", { projectType: "" }, "Please choose a project type"],
    ["projectType", { projectType: "Castle" }, "Please choose one of the options"],
    ["source", { source: "" }, "Please tell us how you heard about us"],
    ["source", { source: "Carrier pigeon" }, "Please choose one of the options"],
    ["referralName", { source: "Referral", referralName: "" }, "Please tell us who referred you"],
    [
      "otherSource",
      { source: "Other", otherSource: " " },
      "Please tell us where you heard about us",
    ],
    [
      "agreeToContact",
      { agreeToContact: "" },
      "Please agree to be contacted about your consultation",
    ],
    [
      "agreeToAllPresent",
      { projectType: "Home", agreeToAllPresent: "" },
      "Please confirm that all homeowners will be present",
    ],
    [
      "agreeToAllPresent",
      { projectType: "Rental", agreeToAllPresent: "" },
      "Please confirm that all homeowners will be present",
    ],
    ["firstName", { firstName: "x".repeat(101) }, "Please keep this shorter"],
  ] as const)("%s: %j -> %s", (field, values, message) => {
    expect(errorsOf(values)[field]).toBe(message);
  });

  // A field that does not apply to the answers given is not asked for.
  it.each([
    ["projectType", { service: "", projectType: "" }],
    ["agreeToAllPresent", { projectType: "Commercial", agreeToAllPresent: "" }],
    ["agreeToAllPresent", { service: "", projectType: "", agreeToAllPresent: "" }],
    ["referralName", { source: "Google", referralName: "" }],
    ["otherSource", { source: "Google", otherSource: "" }],
  ] as const)("does not require %s with %j", (field, values) => {
    expect(errorsOf(values)[field]).toBeUndefined();
  });

  it("keeps the referral name and other source only where they apply", () => {
    const referral = validateLead(
      { ...valid, source: "Referral", referralName: "Sam Jones", otherSource: "x" },
      options,
    );
    expect(referral.ok && referral.value).toMatchObject({
      referralName: "Sam Jones",
      otherSource: null,
    });
    const other = validateLead(
      { ...valid, source: "Other", otherSource: "Billboard", referralName: "x" },
      options,
    );
    expect(other.ok && other.value).toMatchObject({ referralName: null, otherSource: "Billboard" });
  });

  it("lists the source options in order (R5.8) with the referral-by-name option", () => {
    expect(sourceOptions("Dana Whitfield")).toEqual([
      "Referral",
      "Google",
      "Facebook",
      "Instagram",
      "YouTube",
      "Dana Whitfield",
      "Quincy Showroom",
      "TV",
      "Radio",
      "Other",
    ]);
    expect(sourceOptions("")).not.toContain("");
    expect(errorsOf({ source: "Dana Whitfield" }).source).toBeUndefined();
  });

  it("reads JSON bodies: booleans for the boxes, missing fields empty", () => {
    expect(
      toLeadFormValues({
        firstName: "A",
        agreeToContact: true,
        agreeToAllPresent: false,
        phone: 6175550101,
      }),
    ).toMatchObject({
      firstName: "A",
      agreeToContact: "on",
      agreeToAllPresent: "",
      phone: "6175550101",
      email: "",
    });
    expect(toLeadFormValues({ firstName: { nested: 1 }, lastName: null })).toMatchObject({
      firstName: "",
      lastName: "",
    });
  });
});
