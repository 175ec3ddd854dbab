import { describe, expect, it } from "vitest";
import { QR_COOKIE, rememberCookie, rememberedCodes, scannedSlug } from "./qr-scans.server";

describe("reading a scan's address and cookie (R15.3)", () => {
  it("takes the slug in any case and with trailing slashes, and nothing else", () => {
    expect(scannedSlug("Spring-Mailer")).toBe("spring-mailer");
    expect(scannedSlug("spring-mailer//")).toBe("spring-mailer");
    for (const raw of [undefined, "", "a b", "a\u0000b", "../admin", "é", "x".repeat(61), "-a"]) {
      expect(scannedSlug(raw), String(raw)).toBeNull();
    }
  });

  it("reads the ids the cookie remembers, ignoring anything that is not one", () => {
    expect(rememberedCodes(`${QR_COOKIE}=3.7.x.-1.0.12`)).toEqual([3, 7, 12]);
    expect(rememberedCodes(`${QR_COOKIE}=%E0%A4%A`)).toEqual([]);
    expect(rememberedCodes(null)).toEqual([]);
  });

  it("keeps the latest 50 ids, HttpOnly, SameSite Lax, for a year", () => {
    const ids = Array.from({ length: 60 }, (_, index) => index + 1);
    const cookie = rememberCookie(ids, true);
    expect(cookie).toMatch(new RegExp(`^${QR_COOKIE}=11\\.12\\.`));
    expect(cookie).toMatch(/\.60;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
  });
});
