import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMED_PAGES } from "./named-pages";

const pages = Object.entries(NAMED_PAGES);

describe("the named pages' metadata (R2.2)", () => {
  it("covers the seven named pages", () => {
    expect(Object.keys(NAMED_PAGES).sort()).toEqual(
      [
        "/",
        "/bathrooms",
        "/commercial-jobs",
        "/about-us",
        "/reviews",
        "/leave-review",
        "/visualizer",
      ].sort(),
    );
  });

  it("gives each its own title, description, keywords and social image", () => {
    for (const field of ["title", "description", "image"] as const) {
      const values = pages.map(([, seo]) => seo[field]);
      expect(new Set(values).size, field).toBe(pages.length);
    }
    for (const [page, seo] of pages) {
      expect(seo.title.length, page).toBeLessThanOrEqual(60);
      expect(seo.description.length, page).toBeGreaterThanOrEqual(50);
      expect(seo.description.length, page).toBeLessThanOrEqual(200);
      expect(seo.keywords.length, page).toBeGreaterThanOrEqual(3);
      expect(existsSync(path.join("public", seo.image)), seo.image).toBe(true);
    }
  });
});
