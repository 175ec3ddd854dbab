import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { staffCommandSchema } from "./staff.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: staffCommandSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = form(fields);
  return submission.status === "success" ? undefined : submission.error;
};

describe("the staff screen's forms", () => {
  it("answers each invitation field's error beside it", () => {
    expect(errorsOf({ intent: "invite", name: " ", email: "nope", role: "owner" })).toEqual({
      name: ["Enter their name."],
      email: ["Enter an e-mail address like name@example.com."],
      role: ["Choose a role."],
    });
  });

  it("refuses an address the accounts library would refuse, such as !@../", () => {
    for (const email of ["!@../", "a@b..c", ".a@example.com", "a@-example.com"]) {
      expect(errorsOf({ intent: "invite", name: "Dana", email, role: "editor" })).toEqual({
        email: ["Enter an e-mail address like name@example.com."],
      });
    }
  });

  it("treats empty fields as missing, with the same messages", () => {
    expect(errorsOf({ intent: "invite", name: "", email: "", role: "" })).toEqual({
      name: ["Enter their name."],
      email: ["Enter their e-mail address."],
      role: ["Choose a role."],
    });
  });

  it("reads an invitation, trimmed and with the address in lower case", () => {
    const submission = form({
      intent: "invite",
      name: "  Dana Reyes ",
      email: " Dana@Example.COM ",
      role: "editor",
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({
        intent: "invite",
        name: "Dana Reyes",
        email: "dana@example.com",
        role: "editor",
      });
    }
  });

  it("reads a member's buttons by their intent", () => {
    expect(form({ intent: "role", userId: "u1", role: "admin" }).status).toBe("success");
    expect(form({ intent: "disable", userId: "u1" }).status).toBe("success");
    expect(form({ intent: "promote", userId: "u1" }).status).toBe("error");
    expect(errorsOf({ intent: "role", userId: "u1", role: "owner" })).toEqual({
      role: ["Choose a role."],
    });
  });
});
