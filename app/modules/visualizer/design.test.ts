import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { BathroomScene } from "~/components/visualizer/bathroom-scene";
import { DEFAULT_VISUALIZER_CATALOGUE } from "./default-catalogue";
import {
  designKeys,
  designQuery,
  groupCatalogue,
  keysOf,
  resolveDesign,
  VISUALIZER_CATEGORY_ORDER,
  VISUALIZER_STYLES,
} from "./design";

const catalogue = groupCatalogue(DEFAULT_VISUALIZER_CATALOGUE);

describe("a design from a share link (R15.5)", () => {
  it("keeps each category's chosen key and falls back to the first option otherwise", () => {
    const requested = designKeys(
      new URLSearchParams(
        "wall_tile=sage-zellige&floor_tile=no-such-tile&paint=Harbor%20Blue&shower=curbless&x=1",
      ),
    );
    expect(requested).toEqual({
      wall_tile: "sage-zellige",
      floor_tile: "no-such-tile",
      shower: "curbless",
    });
    const design = resolveDesign(catalogue, requested)!;
    expect(keysOf(design)).toEqual({
      wall_tile: "sage-zellige",
      floor_tile: catalogue.floor_tile[0]!.key,
      vanity: catalogue.vanity[0]!.key,
      fixture_finish: catalogue.fixture_finish[0]!.key,
      shower: "curbless",
      paint: catalogue.paint[0]!.key,
    });
  });

  it("refuses keys that are not short slugs, whatever they hold", () => {
    expect(
      designKeys({
        wall_tile: "a".repeat(41),
        floor_tile: "\u0000",
        vanity: ["walnut-floating"],
        paint: "../etc",
        shower: "tub-shower",
      }),
    ).toEqual({ shower: "tub-shower" });
    expect(designKeys(null)).toEqual({});
  });

  it("writes the link's query in the categories' order and reads it back", () => {
    const design = resolveDesign(catalogue, { paint: "charcoal", vanity: "navy-furniture" })!;
    const query = designQuery(keysOf(design));
    expect(query.split("&").map((pair) => pair.split("=")[0])).toEqual([
      ...VISUALIZER_CATEGORY_ORDER,
    ]);
    expect(resolveDesign(catalogue, designKeys(new URLSearchParams(query)))).toEqual(design);
  });

  it("has no design when a category has no option", () => {
    expect(resolveDesign({ ...catalogue, paint: [] }, {})).toBeUndefined();
  });

  it("starts with at least four options per category, each drawn in a style of its category", () => {
    for (const category of VISUALIZER_CATEGORY_ORDER) {
      expect(catalogue[category].length, category).toBeGreaterThanOrEqual(4);
      for (const option of catalogue[category]) {
        expect(VISUALIZER_STYLES[category], option.key).toContain(option.style);
        expect(option.swatch).toMatch(/^#[0-9a-f]{6}$/);
      }
    }
  });
});

describe("the scene", () => {
  const render = (query: string) =>
    renderToStaticMarkup(
      createElement(BathroomScene, {
        design: resolveDesign(catalogue, designKeys(new URLSearchParams(query)))!,
      }),
    );

  it("paints the upper wall and draws the shower and vanity of the chosen options", () => {
    const html = render("paint=harbor-blue&shower=tub-shower&vanity=white-shaker");
    expect(html).toContain('data-part="paint" x="0" y="0" width="800" height="230" fill="#8fa7b8"');
    expect(html).toContain('data-part="shower" data-style="tub-shower"');
    expect(html).toContain('data-part="tub"');
    expect(html).toContain('data-part="vanity" data-style="furniture"');
    expect(html).toContain("Wall paint: Harbor blue");
  });

  it("lays each tile style as a pattern in the tile's colour", () => {
    for (const option of catalogue.wall_tile) {
      const html = render(`wall_tile=${option.key}`);
      expect(html).toContain(`data-part="wall-tile" data-style="${option.style}"`);
      expect(html).toMatch(new RegExp(`<pattern id="scene-wall"[^]*?fill="${option.swatch}"`));
    }
  });
});
