import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  AFFILIATE_FORM_MESSAGES,
  affiliateCommandSchema,
  inviteAffiliateSchema,
} from "./affiliate-admin.schema";
import { AFFILIATE_STATUS_MOVES } from "./affiliate-rules";

const formData = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const command = (fields: Record<string, string>) =>
  parseWithZod(formData(fields), { schema: affiliateCommandSchema });
const invite = (fields: Record<string, string>) =>
  parseWithZod(formData({ intent: "invite", ...fields }), { schema: inviteAffiliateSchema });
const errorsOf = (submission: ReturnType<typeof command> | ReturnType<typeof invite>) =>
  submission.status === "success" ? undefined : submission.error;

describe("the affiliate page's forms", () => {
  it("offers a button for every status move of the programme's rules", () => {
    for (const move of Object.keys(AFFILIATE_STATUS_MOVES)) {
      const submission = command({ intent: move, reason: "A reason" });
      expect(submission.status, move).toBe("success");
    }
  });

  it("needs a reason to reject or disable, not to approve or re-enable", () => {
    for (const intent of ["reject", "disable"]) {
      expect(errorsOf(command({ intent })), intent).toEqual({
        reason: [AFFILIATE_FORM_MESSAGES.reason],
      });
      expect(errorsOf(command({ intent, reason: "   " })), intent).toEqual({
        reason: [AFFILIATE_FORM_MESSAGES.reason],
      });
    }
    for (const intent of ["approve", "enable"]) {
      const submission = command({ intent });
      expect(submission.status, intent).toBe("success");
      if (submission.status === "success") expect(submission.value).toEqual({ intent });
    }
    expect(errorsOf(command({ intent: "disable", reason: "x".repeat(501) }))).toEqual({
      reason: [AFFILIATE_FORM_MESSAGES.reasonTooLong],
    });
  });

  it("reads a new code by R5.1's pattern (R5.1)", () => {
    expect(errorsOf(command({ intent: "code" }))).toEqual({
      code: [AFFILIATE_FORM_MESSAGES.codeMissing],
    });
    for (const code of ["has space", "ünïcode", "x".repeat(51), "semi;colon"]) {
      expect(errorsOf(command({ intent: "code", code })), code).toEqual({
        code: [AFFILIATE_FORM_MESSAGES.code],
      });
    }
    const submission = command({ intent: "code", code: " Jane_Doe-2 " });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "code",
      code: "Jane_Doe-2",
    });
  });

  it("refuses an intent it does not know", () => {
    expect(command({ intent: "delete" }).status).not.toBe("success");
  });
});

describe("the invitation form", () => {
  it("answers each field's error beside it, empty fields as missing", () => {
    expect(errorsOf(invite({ name: "", email: "" }))).toEqual({
      name: ["Enter their name."],
      email: ["Enter their e-mail address."],
    });
    expect(errorsOf(invite({ name: "Jo", email: "nope", phone: "555", code: "a b" }))).toEqual({
      email: ["Enter an e-mail address like name@example.com."],
      phone: [AFFILIATE_FORM_MESSAGES.phone],
      code: [AFFILIATE_FORM_MESSAGES.code],
    });
  });

  it("reads an invitation: trimmed, the address in lower case, the phone as +1 and ten digits (R5.2)", () => {
    const submission = invite({
      name: "  Dana Reyes ",
      email: " Dana@Example.COM ",
      phone: "(617) 555-0142",
      company: " Reyes Design ",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "invite",
      name: "Dana Reyes",
      email: "dana@example.com",
      phone: "+16175550142",
      company: "Reyes Design",
    });
  });
});
