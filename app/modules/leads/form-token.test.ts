import { describe, expect, it } from "vitest";
import {
  checkFormToken,
  FORM_TOKEN_LIFETIME_MS,
  formTokenHash,
  issueFormToken,
  MIN_FILL_MS,
} from "./form-token.server";

const secret = "s".repeat(32);

describe("the form's fill-time token", () => {
  it("passes once a person has had time to fill the form in", () => {
    const token = issueFormToken(secret, 1_000_000);
    expect(checkFormToken(token, secret, 1_000_000 + MIN_FILL_MS)).toBe("ok");
    expect(checkFormToken(token, secret, 1_000_000 + 3_600_000)).toBe("ok");
  });

  it("catches a submission faster than that", () => {
    const token = issueFormToken(secret, 1_000_000);
    expect(checkFormToken(token, secret, 1_000_000 + 500)).toBe("too_fast");
  });

  it("refuses a missing, forged or backdated token", () => {
    expect(checkFormToken(undefined, secret)).toBe("missing_form_token");
    expect(checkFormToken("", secret)).toBe("missing_form_token");
    expect(checkFormToken("abc", secret)).toBe("missing_form_token");
    const token = issueFormToken(secret, 1_000_000);
    const [, nonce, signature] = token.split(".");
    expect(checkFormToken(`${(1).toString(36)}.${nonce}.${signature}`, secret)).toBe(
      "missing_form_token",
    );
    expect(checkFormToken(issueFormToken("another secret of enough length!"), secret)).toBe(
      "missing_form_token",
    );
  });

  it("expires a day after the form was served", () => {
    const token = issueFormToken(secret, 1_000_000);
    expect(checkFormToken(token, secret, 1_000_000 + FORM_TOKEN_LIFETIME_MS)).toBe("ok");
    expect(checkFormToken(token, secret, 1_000_000 + FORM_TOKEN_LIFETIME_MS + 1)).toBe("expired");
  });

  it("differs for two forms served in the same millisecond, and is stored only as a hash", () => {
    const first = issueFormToken(secret, 1_000_000);
    const second = issueFormToken(secret, 1_000_000);
    expect(first).not.toBe(second);
    // Thousands in one millisecond (a TV spot) are all different, and all valid.
    const many = Array.from({ length: 2000 }, () => issueFormToken(secret, 1_000_000));
    expect(new Set(many).size).toBe(many.length);
    expect(
      many.every((token) => checkFormToken(token, secret, 1_000_000 + MIN_FILL_MS) === "ok"),
    ).toBe(true);
    expect(formTokenHash(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(formTokenHash(first)).not.toContain(first);
  });
});
