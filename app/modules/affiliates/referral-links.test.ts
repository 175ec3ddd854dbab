import { describe, expect, it } from "vitest";
import {
  buildReferralLink,
  checkSitePath,
  LINK_BUILDER_MESSAGES,
  mainReferralLink,
  readLinkBuilder,
  readReferralLink,
  REFERRAL_LINK_MESSAGES as MESSAGES,
  referralQrFileName,
  referralQrHref,
  SUGGESTED_PAGES,
  type UtmValues,
} from "./referral-links";

const ORIGIN = "https://www.lumenbath.example";
const CODE = "jane-doe-4k7q";

describe("a referral link to a page of the site", () => {
  it.each<[string, UtmValues, string]>([
    ["/", {}, `${ORIGIN}/?aff=${CODE}`],
    ["/bathrooms", {}, `${ORIGIN}/bathrooms?aff=${CODE}`],
    ["  /reviews  ", {}, `${ORIGIN}/reviews?aff=${CODE}`],
    ["/blog/../reviews", {}, `${ORIGIN}/reviews?aff=${CODE}`],
    ["/blog/spa-bathroom", {}, `${ORIGIN}/blog/spa-bathroom?aff=${CODE}`],
    ["/café", {}, `${ORIGIN}/caf%C3%A9?aff=${CODE}`],
    // Sections whose names only start like a closed one are pages like any other.
    ["/affiliate-programme", {}, `${ORIGIN}/affiliate-programme?aff=${CODE}`],
    ["/apis-and-more", {}, `${ORIGIN}/apis-and-more?aff=${CODE}`],
    [
      "/bathrooms",
      { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring", utm_content: "top" },
      `${ORIGIN}/bathrooms?aff=${CODE}&utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_content=top`,
    ],
    // Trimmed, on one line, encoded; empty fields left out.
    [
      "/",
      { utm_campaign: "  Spring sale & more\n", utm_source: "   ", utm_content: "" },
      `${ORIGIN}/?aff=${CODE}&utm_campaign=Spring+sale+%26+more`,
    ],
    // The fields keep R3.2's order whatever order they were given in.
    [
      "/",
      { utm_content: "c", utm_source: "s" },
      `${ORIGIN}/?aff=${CODE}&utm_source=s&utm_content=c`,
    ],
  ])("%j with %j is %s", (path, utm, link) => {
    const built = buildReferralLink({ origin: ORIGIN, code: CODE, path, utm });
    expect(built).toMatchObject({ ok: true, link });
  });

  it("goes to the home page when no path is given, from the origin alone", () => {
    expect(buildReferralLink({ origin: `${ORIGIN}/some/page?x=1`, code: CODE })).toMatchObject({
      ok: true,
      link: `${ORIGIN}/?aff=${CODE}`,
      path: "/",
    });
    expect(mainReferralLink(ORIGIN, CODE)).toBe(`${ORIGIN}/?aff=${CODE}`);
  });

  it.each<[string, string]>([
    ["", MESSAGES.pathStart],
    ["bathrooms", MESSAGES.pathStart],
    ["https://evil.example/", MESSAGES.pathStart],
    ["//evil.example/page", MESSAGES.pathStart],
    ["  //evil.example", MESSAGES.pathStart],
    ["/\\evil.example", MESSAGES.pathCharacters],
    ["/bath rooms", MESSAGES.pathCharacters],
    ["/bathrooms?aff=someone-else", MESSAGES.pathCharacters],
    ["/bathrooms#contact", MESSAGES.pathCharacters],
    ["/bath\u0000rooms", MESSAGES.pathCharacters],
    ["/%E0%A4%A", MESSAGES.pathCharacters],
    [`/${"a".repeat(200)}`, MESSAGES.pathLength],
    ["/admin", MESSAGES.pathClosed],
    ["/admin/leads", MESSAGES.pathClosed],
    ["/ADMIN/", MESSAGES.pathClosed],
    ["/%61dmin", MESSAGES.pathClosed],
    ["/blog/../admin", MESSAGES.pathClosed],
    ["/blog/%2e%2e/admin", MESSAGES.pathClosed],
    ["/affiliate", MESSAGES.pathClosed],
    ["/affiliate/dashboard", MESSAGES.pathClosed],
    ["/api/leads", MESSAGES.pathClosed],
    ["/media/1/800-abc.webp", MESSAGES.pathClosed],
  ])("refuses the path %j", (path, message) => {
    expect(checkSitePath(path)).toEqual({ ok: false, message });
    expect(buildReferralLink({ origin: ORIGIN, code: CODE, path })).toEqual({
      ok: false,
      errors: { path: message },
    });
  });

  it("accepts a path of exactly the longest length", () => {
    expect(checkSitePath(`/${"a".repeat(199)}`)).toMatchObject({ ok: true });
  });

  it("refuses a campaign field longer than 100 characters, and says which", () => {
    const long = "x".repeat(101);
    expect(
      buildReferralLink({
        origin: ORIGIN,
        code: CODE,
        path: "/admin",
        utm: { utm_source: long, utm_medium: "x".repeat(100), utm_content: long },
      }),
    ).toEqual({
      ok: false,
      errors: {
        path: MESSAGES.pathClosed,
        utm_source: MESSAGES.utmLength("utm_source"),
        utm_content: MESSAGES.utmLength("utm_content"),
      },
    });
  });

  it("offers only suggested pages it would build", () => {
    for (const page of SUGGESTED_PAGES) {
      expect(buildReferralLink({ origin: ORIGIN, code: CODE, path: page.path })).toMatchObject({
        ok: true,
        path: page.path,
      });
    }
  });

  it("never builds a link with a code that is not one", () => {
    expect(() => buildReferralLink({ origin: ORIGIN, code: "bad code" })).toThrow();
  });
});

describe("reading a referral link back (for its QR code)", () => {
  const own = { origin: ORIGIN, code: CODE };

  it.each<[string, string]>([
    [`${ORIGIN}/?aff=${CODE}`, `${ORIGIN}/?aff=${CODE}`],
    [
      `${ORIGIN}/bathrooms?utm_source=flyer&aff=${CODE}`,
      `${ORIGIN}/bathrooms?aff=${CODE}&utm_source=flyer`,
    ],
    [
      `${ORIGIN}/?aff=${CODE}&utm_campaign=Spring%20sale`,
      `${ORIGIN}/?aff=${CODE}&utm_campaign=Spring+sale`,
    ],
    [`${ORIGIN}/blog/./x?aff=${CODE}`, `${ORIGIN}/blog/x?aff=${CODE}`],
  ])("takes %s as %s", (link, rebuilt) => {
    expect(readReferralLink(link, own)).toMatchObject({ ok: true, link: rebuilt });
  });

  it.each<[string, string]>([
    ["not a link", MESSAGES.notYours],
    ["/bathrooms?aff=jane-doe-4k7q", MESSAGES.notYours],
    [`https://evil.example/?aff=${CODE}`, MESSAGES.notYours],
    [`http://www.lumenbath.example/?aff=${CODE}`, MESSAGES.notYours],
    [`https://www.lumenbath.example:8443/?aff=${CODE}`, MESSAGES.notYours],
    [`https://user:pw@www.lumenbath.example/?aff=${CODE}`, MESSAGES.notYours],
    [`${ORIGIN}/`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=someone-else`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=JANE-DOE-4K7Q`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=${CODE}&aff=someone-else`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=${CODE}&next=https://evil.example`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=${CODE}&utm_source=a&utm_source=b`, MESSAGES.notYours],
    [`${ORIGIN}/?aff=${CODE}#contact`, MESSAGES.notYours],
    [`${ORIGIN}/admin?aff=${CODE}`, MESSAGES.pathClosed],
    [`${ORIGIN}/affiliate/leads?aff=${CODE}`, MESSAGES.pathClosed],
    [`${ORIGIN}/?aff=${CODE}&utm_source=${"x".repeat(101)}`, MESSAGES.utmLength("utm_source")],
  ])("refuses %s", (link, message) => {
    expect(readReferralLink(link, own)).toEqual({ ok: false, message });
  });
});

describe("a QR code's file name", () => {
  it.each<[string, "png" | "svg", string]>([
    ["/", "png", `referral-${CODE}-home.png`],
    ["/bathrooms", "svg", `referral-${CODE}-bathrooms.svg`],
    ["/blog/Spa-Bathroom_2026", "png", `referral-${CODE}-blog-spa-bathroom-2026.png`],
    ["/caf%C3%A9", "png", `referral-${CODE}-caf-c3-a9.png`],
    [`/${"ab-".repeat(40)}`, "png", `referral-${CODE}-${"ab-".repeat(20).slice(0, 59)}.png`],
  ])("for %s as %s is %s", (path, format, name) => {
    expect(referralQrFileName(CODE, path, format)).toBe(name);
    expect(name).toMatch(/^[A-Za-z0-9_.-]+$/);
  });
});

describe("the link builder's query string", () => {
  const own = { origin: ORIGIN, code: CODE };
  const read = (query: string) => readLinkBuilder(new URLSearchParams(query), own);

  it("builds nothing before the form is sent, offering the home page", () => {
    expect(read("")).toEqual({
      values: {
        page: "/",
        path: "",
        utm_source: "",
        utm_medium: "",
        utm_campaign: "",
        utm_content: "",
      },
      outcome: null,
    });
  });

  it.each<[string, string]>([
    ["page=%2Fbathrooms", `${ORIGIN}/bathrooms?aff=${CODE}`],
    ["page=%2Fbathrooms&path=", `${ORIGIN}/bathrooms?aff=${CODE}`],
    ["page=%2Fbathrooms&path=+%2Fblog%2Fspa+", `${ORIGIN}/blog/spa?aff=${CODE}`],
    // A free path need not be one of the suggested pages; the choice is then ignored.
    ["page=%2Fnowhere&path=%2Ftv", `${ORIGIN}/tv?aff=${CODE}`],
    [
      "page=%2F&utm_source=flyer&utm_medium=&utm_campaign=spring",
      `${ORIGIN}/?aff=${CODE}&utm_source=flyer&utm_campaign=spring`,
    ],
  ])("?%s builds %s", (query, link) => {
    expect(read(query).outcome).toMatchObject({ ok: true, link });
  });

  it("says which field is refused, keeping what was typed", () => {
    expect(read("page=%2Fnowhere")).toMatchObject({
      values: { page: "/nowhere" },
      outcome: { ok: false, errors: { page: LINK_BUILDER_MESSAGES.page } },
    });
    expect(read("page=%2F&path=%2Fadmin&utm_content=" + "x".repeat(101))).toMatchObject({
      values: { path: "/admin", utm_content: "x".repeat(101) },
      outcome: {
        ok: false,
        errors: { path: MESSAGES.pathClosed, utm_content: MESSAGES.utmLength("utm_content") },
      },
    });
  });
});

describe("a QR code's address", () => {
  it("carries the format and the whole link, read back as it was", () => {
    const link = `${ORIGIN}/bathrooms?aff=${CODE}&utm_source=flyer`;
    const href = referralQrHref(link, "png");
    expect(href.startsWith("/affiliate/links/qr?")).toBe(true);
    const params = new URL(href, ORIGIN).searchParams;
    expect(params.get("format")).toBe("png");
    expect(params.get("link")).toBe(link);
    expect(readReferralLink(params.get("link")!, { origin: ORIGIN, code: CODE })).toMatchObject({
      ok: true,
      link,
    });
  });
});
