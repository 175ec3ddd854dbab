import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { accountCommandSchema, ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES } from "./account.schema";
import { safeReturnTo, signInQuerySchema, signInSchema } from "./sign-in.schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
/** The field errors of a submission that did not validate. */
const errorsOf = (submission: { status?: string; error?: unknown }) =>
  submission.status === "success" ? undefined : submission.error;

describe("where a sign-in returns to", () => {
  it("stays in the staff area, never on another site or back at the sign-in", () => {
    expect(safeReturnTo("/admin/leads?status=new")).toBe("/admin/leads?status=new");
    for (const outside of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example/admin",
      "/admin\\..\\x",
      "/admin/login",
      "/admin/login/two-factor",
      "/reviews",
    ]) {
      expect(safeReturnTo(outside), String(outside)).toBe("/admin/dashboard");
    }
    expect(signInQuerySchema.parse({})).toEqual({ returnTo: "/admin/dashboard" });
  });
});

describe("the sign-in form", () => {
  it("asks for what is missing, and leaves every other judgement to the attempt", () => {
    const empty = parseWithZod(form({}), { schema: signInSchema });
    expect(empty.status).toBe("error");
    expect(errorsOf(empty)).toEqual({
      email: ["Enter your e-mail address."],
      password: ["Enter your password."],
    });
    const filled = parseWithZod(
      form({ email: "Someone@Example.com", password: "x", rememberMe: "on", website: "bot" }),
      { schema: signInSchema },
    );
    expect(filled.status === "success" && filled.value).toEqual({
      email: "Someone@Example.com",
      password: "x",
      rememberMe: true,
      website: "bot",
      returnTo: "/admin/dashboard",
    });
  });
});

describe("My account's forms", () => {
  it("checks the new password twice and the code's shape before anything is sent", () => {
    const password = parseWithZod(
      form({ intent: "password", currentPassword: "old one", password: "short" }),
      { schema: accountCommandSchema },
    );
    expect(errorsOf(password)).toMatchObject({
      password: [ACCOUNT_MESSAGES.passwordTooShort],
      confirmPassword: [ACCOUNT_MESSAGES.repeatPassword],
    });
    const code = parseWithZod(form({ intent: "two-factor-confirm", code: "12 34" }), {
      schema: accountCommandSchema,
    });
    expect(errorsOf(code)).toEqual({ code: [TWO_FACTOR_MESSAGES.enterCode] });
    const spaced = parseWithZod(form({ intent: "two-factor-confirm", code: "123 456" }), {
      schema: accountCommandSchema,
    });
    expect(spaced.status).toBe("success");
  });
});
