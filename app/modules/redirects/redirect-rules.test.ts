import { describe, expect, it } from "vitest";
import {
  checkRule,
  indexRules,
  isUnredirectedPath,
  matchRule,
  normalizeFromPath,
  normalizePath,
  rulesLeadingTo,
  targetOf,
  type RuleLike,
} from "./redirect-rules";

const rule = (fromPath: string, toPath: string, type = 301): RuleLike => ({
  fromPath,
  toPath,
  type,
});

describe("normalising paths (R12.1)", () => {
  it.each([
    ["/Old-Page/", "/Old-Page"],
    ["/old//page///", "/old/page"],
    ["//", "/"],
    ["", "/"],
    ["old", "/old"],
    ["/%61bout%2Dus", "/about-us"],
    ["/a%2fb", "/a%2Fb"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["/~me/%7Eyou", "/~me/~you"],
    ["/café", "/caf%C3%A9"],
    ["/a b", "/a%20b"],
  ])("%j -> %j", (raw, expected) => {
    expect(normalizePath(raw)).toBe(expected);
  });

  it.each([
    ["/Old/Page/", "/old/page"],
    ["/Old/*", "/old/*"],
    ["  /BLOG//*  ", "/blog/*"],
    ["/%41bc/", "/abc"],
  ])("stores fromPath %j as %j", (raw, expected) => {
    expect(normalizeFromPath(raw)).toBe(expected);
  });
});

describe("matching (R12.2)", () => {
  const rules = [
    rule("/old-page", "/new-page"),
    rule("/blog/*", "/news/*"),
    rule("/blog/special", "/special-offer", 302),
    rule("/shop/*", "/store"),
    rule("/gone", "", 410),
    rule("/partner", "https://example.com/landing?ref=lumen#top", 308),
    rule("/docs/guides/*", "/help/*"),
    rule("/docs/*", "/help/docs/*"),
  ];
  const index = indexRules(rules);

  it.each([
    ["/old-page", "", "/new-page"],
    ["/OLD-PAGE/", "", "/new-page"],
    ["/old-page", "?a=1&b=two", "/new-page?a=1&b=two"],
    ["/%6Fld-page", "?x", "/new-page?x"],
    ["//old-page//", "", "/new-page"],
    ["/blog/My-Post", "", "/news/My-Post"],
    ["/blog", "", "/news"],
    ["/BLOG/a/b/", "?page=2", "/news/a/b?page=2"],
    ["/blog/special", "", "/special-offer"],
    ["/shop/anything/here", "?q=1", "/store?q=1"],
    ["/partner", "?utm_source=x", "https://example.com/landing?ref=lumen&utm_source=x#top"],
    ["/docs/guides/start", "", "/help/start"],
    ["/docs/api", "", "/help/docs/api"],
  ])("%s%s -> %s", (path, search, expected) => {
    const match = matchRule(index, path);
    expect(match).toBeDefined();
    expect(targetOf(match!, search)).toBe(expected);
  });

  it.each(["/old-page-2", "/blogger", "/", "/new-page", "/old"])("%s matches nothing", (path) => {
    expect(matchRule(index, path)).toBeUndefined();
  });

  it("finds the 410 rule", () => {
    expect(matchRule(index, "/Gone/")?.rule.type).toBe(410);
  });
});

describe("areas the rules never touch (R12.3)", () => {
  it.each([
    ["/admin", true],
    ["/ADMIN/redirects", true],
    ["/%61dmin", true],
    ["/%41DMIN/", true],
    ["//admin", true],
    ["/affiliate/login", true],
    ["/api/leads", true],
    ["/Api", true],
    ["/administer", false],
    ["/apis", false],
    ["/blog/admin", false],
    ["/%E0%A4%A", false],
  ])("%s -> %s", (path, expected) => {
    expect(isUnredirectedPath(path)).toBe(expected);
  });
});

describe("loops and chains (R12.4)", () => {
  it.each<[string, RuleLike, RuleLike[]]>([
    ["to itself", rule("/a", "/a"), []],
    ["to itself, other spelling", rule("/a", "/A/"), []],
    ["a to b to a", rule("/a", "/b"), [rule("/b", "/a")]],
    ["a to b to c to a", rule("/a", "/b"), [rule("/b", "/c"), rule("/c", "/a")]],
    ["through a prefix", rule("/a", "/old/x"), [rule("/old/*", "/a")]],
    ["a prefix into itself", rule("/a/*", "/a/b/*"), []],
    ["a prefix back and forth", rule("/a/*", "/b/*"), [rule("/b/*", "/a/*")]],
    ["with a query on the way", rule("/a", "/b?x=1"), [rule("/b", "/a#top")]],
  ])("refuses a loop: %s", (_name, candidate, others) => {
    expect(checkRule(candidate, others).ok).toBe(false);
  });

  it.each<[string, RuleLike, RuleLike[]]>([
    ["nothing else", rule("/a", "/b"), []],
    ["an outside target", rule("/a", "https://example.com/a"), [rule("/b", "/a")]],
    ["a 410 on the way", rule("/a", "/b"), [rule("/b", "", 410)]],
    ["replacing its own older version", rule("/a", "/c"), [rule("/a", "/b")]],
    ["a prefix to elsewhere", rule("/a/*", "/z/*"), [rule("/b/*", "/a/*")]],
  ])("accepts: %s", (_name, candidate, others) => {
    expect(checkRule(candidate, others)).toEqual({ ok: true, chain: [] });
  });

  it("reports a chain it leads on to", () => {
    expect(checkRule(rule("/a", "/b"), [rule("/b", "/c"), rule("/c", "/d")])).toEqual({
      ok: true,
      chain: ["/a", "/b", "/c", "/d"],
    });
  });

  it("finds rules that lead to it", () => {
    const others = [rule("/x", "/a"), rule("/y", "/a/sub"), rule("/z", "/b"), rule("/g", "", 410)];
    expect(rulesLeadingTo(rule("/a", "/b"), others).map((r) => r.fromPath)).toEqual(["/x"]);
    expect(rulesLeadingTo(rule("/a/*", "/b"), others).map((r) => r.fromPath)).toEqual(["/x", "/y"]);
  });
});
