import { describe, expect, it } from "vitest";
import { affiliateCodeFromUrl, isValidAffiliateCode } from "./affiliate-code";

describe("affiliate codes (R5.1)", () => {
  it.each([
    ["abc_123", true],
    ["A", true],
    ["harbor-design", true],
    ["x".repeat(50), true],
    ["x".repeat(51), false],
    ["", false],
    ["abc 123", false],
    ["abc.123", false],
    ["abc/123", false],
    ["<script>", false],
    ["café", false],
  ])("%j valid: %s", (code, valid) => {
    expect(isValidAffiliateCode(code)).toBe(valid);
  });

  it.each([
    ["?aff=abc_123", "abc_123"],
    ["?affiliate_code=harbor-design", "harbor-design"],
    ["?aff=abc_123&affiliate_code=other", "abc_123"],
    ["?aff=bad%20code", undefined],
    ["?utm_source=google", undefined],
  ])("%s -> %j", (search, code) => {
    expect(affiliateCodeFromUrl(new URLSearchParams(search))).toBe(code);
  });
});
