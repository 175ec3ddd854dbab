import { describe, expect, it } from "vitest";
import { isValidAffiliateCode } from "./affiliate-code";
import {
  AFFILIATE_STATUSES,
  creditsReferrals,
  maskedLeadName,
  movesFrom,
  statusAfter,
  suggestAffiliateCode,
  type AffiliateStatus,
  type AffiliateStatusMove,
} from "./affiliate-rules";

describe("affiliate status moves", () => {
  it.each<[AffiliateStatus, AffiliateStatusMove, AffiliateStatus | undefined]>([
    ["pending", "approve", "approved"],
    ["pending", "reject", "rejected"],
    ["pending", "disable", undefined],
    ["pending", "enable", undefined],
    ["approved", "disable", "disabled"],
    ["approved", "approve", undefined],
    ["approved", "reject", undefined],
    ["rejected", "approve", "approved"],
    ["rejected", "disable", undefined],
    ["disabled", "enable", "approved"],
    ["disabled", "approve", undefined],
    ["disabled", "reject", undefined],
  ])("%s + %s -> %s", (current, move, next) => {
    expect(statusAfter(current, move)).toBe(next);
  });

  it("offers exactly the moves that apply", () => {
    expect(movesFrom("pending")).toEqual(["approve", "reject"]);
    expect(movesFrom("approved")).toEqual(["disable"]);
    expect(movesFrom("rejected")).toEqual(["approve"]);
    expect(movesFrom("disabled")).toEqual(["enable"]);
  });

  it("credits referrals only for an approved affiliate", () => {
    expect(AFFILIATE_STATUSES.filter(creditsReferrals)).toEqual(["approved"]);
  });
});

describe("suggested codes", () => {
  const fixed = () => 0.5;

  it.each([
    ["Jane Doe", "jane-doe-"],
    ["Ana-María Núñez & Co.", "ana-maria-nunez-and-co-"],
    ["李小龙", "partner-"],
    ["", "partner-"],
    [
      "Alexandra Bartholomew Constantinople Devereaux-Fitzgerald",
      "alexandra-bartholomew-constantinople-dev-",
    ],
  ])("%j starts %j and fits the code pattern", (name, start) => {
    const code = suggestAffiliateCode(name, fixed);
    expect(code.startsWith(start)).toBe(true);
    expect(isValidAffiliateCode(code)).toBe(true);
  });

  it("differs for two people of the same name", () => {
    const codes = new Set(Array.from({ length: 50 }, () => suggestAffiliateCode("Jane Doe")));
    expect(codes.size).toBeGreaterThan(45);
  });
});

describe("a lead as its affiliate sees it", () => {
  it.each([
    ["Jane", "Doe", "Jane D."],
    ["  Jane ", " doe", "Jane D."],
    ["Jane", "", "Jane"],
    ["", "Doe", "D."],
    ["Zoë", "Łukasiewicz", "Zoë Ł."],
  ])("%j %j -> %j", (first, last, shown) => {
    expect(maskedLeadName(first, last)).toBe(shown);
  });

  it("never shows more of the last name than its first letter", () => {
    expect(maskedLeadName("Jane", "Doe-Smithson")).not.toContain("oe");
  });
});
