import { stringifySetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "./form-token.server";
import {
  formTokenFromCookies,
  formTokenSetCookie,
  needsFormToken,
} from "./form-token-cookie.server";

const SECRET = "s".repeat(40);
const NOW = Date.UTC(2026, 10, 27, 12);
const HOUR = 60 * 60 * 1000;

describe("the form token's cookie", () => {
  it("is given to a browser without a token, with a forged or foreign one, or with an old one", () => {
    const fresh = issueFormToken(SECRET, NOW - HOUR);
    expect(needsFormToken(`a=1; lm_form=${fresh}`, SECRET, NOW)).toBe(false);
    expect(needsFormToken(undefined, SECRET, NOW)).toBe(true);
    expect(needsFormToken("lm_form=", SECRET, NOW)).toBe(true);
    expect(needsFormToken("lm_form=%00", SECRET, NOW)).toBe(true);
    // A recent date with a signature this server did not make (or an older AUTH_SECRET's).
    const foreign = issueFormToken("o".repeat(40), NOW - HOUR);
    expect(needsFormToken(`lm_form=${foreign}`, SECRET, NOW)).toBe(true);
    expect(needsFormToken(`lm_form=${fresh.slice(0, -2)}xx`, SECRET, NOW)).toBe(true);
    // Renewed past 12 hours, and when dated in the future.
    expect(needsFormToken(`lm_form=${issueFormToken(SECRET, NOW - 13 * HOUR)}`, SECRET, NOW)).toBe(
      true,
    );
    expect(needsFormToken(`lm_form=${issueFormToken(SECRET, NOW + HOUR)}`, SECRET, NOW)).toBe(true);
  });

  it("is HttpOnly, Lax, site-wide and outlives the token, Secure on https", () => {
    const cookie = formTokenSetCookie(SECRET, true, NOW);
    expect(cookie).toMatch(
      /^lm_form=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const token = /^lm_form=([^;]+)/.exec(cookie)![1];
    expect(formTokenFromCookies(`x=y; lm_form=${token}`)).toBe(token);
    expect(formTokenSetCookie(SECRET, false, NOW)).not.toContain("Secure");
  });

  it("is written as the cookie package writes it", () => {
    for (const secure of [true, false]) {
      const cookie = formTokenSetCookie(SECRET, secure, NOW);
      const token = /^lm_form=([^;]+)/.exec(cookie)![1]!;
      expect(cookie).toBe(
        stringifySetCookie("lm_form", token, {
          maxAge: 7 * 24 * 60 * 60,
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure,
        }),
      );
    }
  });
});
