import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    ["Planning a Curbless Shower", "planning-a-curbless-shower"],
    ["  Tile & Grout: What Lasts?  ", "tile-and-grout-what-lasts"],
    ["Café-style vanities à la française", "cafe-style-vanities-a-la-francaise"],
    ["Ada's guide to heated floors", "adas-guide-to-heated-floors"],
    ["Winter 2026 — 5 tips", "winter-2026-5-tips"],
    ["Æble Øresund Åland Straße", "aeble-oresund-aland-strasse"],
    ["!!!", ""],
    ["", ""],
    ["Ünïcödé\u0000 NUL and \u202Eright-to-left", "unicode-nul-and-right-to-left"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    if (slug) expect(slugify(title)).toMatch(SLUG_PATTERN);
  });

  it("cuts a long title at a word boundary", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith("word")).toBe(true);
  });

  it("cuts a single over-long word rather than losing it", () => {
    expect(slugify("a".repeat(200))).toBe("a".repeat(SLUG_MAX_LENGTH));
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug and numbers a taken one", () => {
    expect(uniqueSlug("heated-floors", new Set())).toBe("heated-floors");
    expect(uniqueSlug("heated-floors", new Set(["heated-floors"]))).toBe("heated-floors-2");
    expect(uniqueSlug("heated-floors", new Set(["heated-floors", "heated-floors-2"]))).toBe(
      "heated-floors-3",
    );
  });

  it("stays within the length limit when numbering", () => {
    const base = "a".repeat(SLUG_MAX_LENGTH);
    const slug = uniqueSlug(base, new Set([base]));
    expect(slug.length).toBe(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-2")).toBe(true);
  });
});
