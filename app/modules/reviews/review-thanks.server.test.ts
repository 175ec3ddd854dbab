import { describe, expect, it } from "vitest";
import {
  reviewIdFromThanksToken,
  reviewThanksToken,
  THANKS_LIFETIME_MS,
} from "./review-thanks.server";

const SECRET = "t".repeat(40);

describe("the thank-you address of a stored review (R15.1)", () => {
  it("names the review while signed and fresh", () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const token = reviewThanksToken(4321, SECRET, now);
    expect(reviewIdFromThanksToken(token, SECRET, now + 60_000)).toBe(4321);
    expect(reviewIdFromThanksToken(token, SECRET, now + THANKS_LIFETIME_MS + 1)).toBeUndefined();
  });

  it("names nothing when forged, altered or malformed", () => {
    const token = reviewThanksToken(7, SECRET);
    const [, expires, signature] = token.split(".");
    expect(reviewIdFromThanksToken(`8.${expires}.${signature}`, SECRET)).toBeUndefined();
    expect(reviewIdFromThanksToken(token, "another secret of forty characters...")).toBeUndefined();
    for (const bad of [null, undefined, "", "received", "a.b", "..", "\u0000.\uD800.x"]) {
      expect(reviewIdFromThanksToken(bad, SECRET), String(bad)).toBeUndefined();
    }
  });
});
