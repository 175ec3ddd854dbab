import { describe, expect, it } from "vitest";
import {
  FORM_TOKEN_LIFETIME_MS,
  issueFormToken,
  MIN_FILL_MS,
} from "~/modules/leads/form-token.server";
import { botReason, checkPublicSubmission, type PublicFormRules } from "./public-submission.server";

const secret = "s".repeat(32);
const servedAt = 1_000_000;
const rules = (now: number, extra: Partial<PublicFormRules> = {}): PublicFormRules => ({
  name: "test",
  limit: { limit: 5, windowMs: 60_000 },
  secret,
  now,
  ...extra,
});
const post = (formToken: string | undefined, honeypot = "") => ({
  honeypot,
  formToken,
  ip: "192.0.2.1",
});

describe("a public form's post", () => {
  it("passes with its honeypot empty and a token served long enough ago", () => {
    const check = checkPublicSubmission(
      post(issueFormToken(secret, servedAt)),
      rules(servedAt + MIN_FILL_MS),
    );
    expect([check.spamReason, check.stale]).toEqual([undefined, false]);
  });

  it("is a bot's when the honeypot is filled, before its token is looked at", () => {
    const check = checkPublicSubmission(post(undefined, " http://spam.test "), rules(servedAt));
    expect(check.spamReason).toBe("honeypot");
  });

  it("is a bot's when its token is missing, forged or too fresh", () => {
    const token = issueFormToken(secret, servedAt);
    expect(checkPublicSubmission(post(undefined), rules(servedAt)).spamReason).toBe(
      "missing_form_token",
    );
    expect(checkPublicSubmission(post(`${token}x`), rules(servedAt + MIN_FILL_MS)).spamReason).toBe(
      "missing_form_token",
    );
    expect(checkPublicSubmission(post(token), rules(servedAt + 500)).spamReason).toBe("too_fast");
  });

  it("is stale, not spam, when its form was served over a day ago", () => {
    const check = checkPublicSubmission(
      post(issueFormToken(secret, servedAt)),
      rules(servedAt + FORM_TOKEN_LIFETIME_MS + 1),
    );
    expect([check.spamReason, check.stale]).toEqual([undefined, true]);
  });

  it("may come without a token where the form allows it, but not with a bad one", () => {
    const optional = rules(servedAt, { tokenRequired: false });
    expect(checkPublicSubmission(post(undefined), optional).spamReason).toBeUndefined();
    expect(checkPublicSubmission(post("abc"), optional).spamReason).toBe("missing_form_token");
  });
});

describe("a post taken for a bot's", () => {
  const tooFast = checkPublicSubmission(
    post(issueFormToken(secret, servedAt)),
    rules(servedAt + 500),
  );
  const honeypot = checkPublicSubmission(
    post(issueFormToken(secret, servedAt), "https://spam.example"),
    rules(servedAt + MIN_FILL_MS),
  );

  it("sent too fast with the form filled in is a bot's", () => {
    expect(botReason(tooFast, true)).toBe("too_fast");
  });

  it("sent too fast with the form not filled in is a person's tap: shown what is missing", () => {
    expect(botReason(tooFast, false)).toBeUndefined();
  });

  it("with the honeypot filled is a bot's however the form was filled", () => {
    expect(botReason(honeypot, false)).toBe("honeypot");
    expect(botReason(honeypot, true)).toBe("honeypot");
  });
});
