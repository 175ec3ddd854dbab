import type { VisualizerCategory, VisualizerDesign } from "~/db/schema/marketing";

/**
 * The bathroom visualizer's designs (docs/REQUIREMENTS.md R15.5), client-safe: reading a
 * design from a share link, falling back to the catalogue's first choice for anything
 * missing or unknown, and writing the link back.
 */

export const VISUALIZER_CATEGORY_ORDER = [
  "wall_tile",
  "floor_tile",
  "vanity",
  "fixture_finish",
  "shower",
  "paint",
] as const satisfies readonly VisualizerCategory[];

export const VISUALIZER_CATEGORY_LABELS: Record<VisualizerCategory, string> = {
  wall_tile: "Wall tile",
  floor_tile: "Floor tile",
  vanity: "Vanity",
  fixture_finish: "Fixtures finish",
  shower: "Shower",
  paint: "Wall paint",
};

/** How the scene can draw each category; the first is the default. */
export const VISUALIZER_STYLES: Record<VisualizerCategory, readonly string[]> = {
  wall_tile: ["subway", "hex", "herringbone", "large-format", "plain"],
  floor_tile: ["large-format", "hex", "herringbone", "subway", "plain"],
  vanity: ["floating", "furniture"],
  fixture_finish: ["plain"],
  shower: ["walk-in", "tub-shower", "curbless"],
  paint: ["plain"],
};

/** What the page and the scene need of one option. */
export interface CatalogueOption {
  category: VisualizerCategory;
  key: string;
  name: string;
  swatch: string;
  accent: string | null;
  style: string;
}

export type Catalogue = Record<VisualizerCategory, CatalogueOption[]>;

/** A design with one option per category, each from the catalogue. */
export type ResolvedDesign = Record<VisualizerCategory, CatalogueOption>;

export const OPTION_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_OPTION_KEY_LENGTH = 40;

/** Groups options (already in their order) by category. */
export function groupCatalogue(options: readonly CatalogueOption[]): Catalogue {
  const catalogue = Object.fromEntries(
    VISUALIZER_CATEGORY_ORDER.map((category) => [category, [] as CatalogueOption[]]),
  ) as Catalogue;
  for (const option of options) catalogue[option.category]?.push(option);
  return catalogue;
}

/** Only the categories' keys of a query or form, as short strings. */
export function designKeys(
  source: URLSearchParams | Record<string, unknown> | null | undefined,
): VisualizerDesign {
  const design: VisualizerDesign = {};
  if (!source) return design;
  for (const category of VISUALIZER_CATEGORY_ORDER) {
    const value = source instanceof URLSearchParams ? source.get(category) : source[category];
    if (
      typeof value === "string" &&
      value.length <= MAX_OPTION_KEY_LENGTH &&
      OPTION_KEY_PATTERN.test(value)
    ) {
      design[category] = value;
    }
  }
  return design;
}

/**
 * The design a link asks for: each category's chosen option when the catalogue has it,
 * otherwise its first option. Undefined when a category has no option at all.
 */
export function resolveDesign(
  catalogue: Catalogue,
  requested: VisualizerDesign,
): ResolvedDesign | undefined {
  const resolved: Partial<ResolvedDesign> = {};
  for (const category of VISUALIZER_CATEGORY_ORDER) {
    const options = catalogue[category];
    const option = options.find((o) => o.key === requested[category]) ?? options[0];
    if (!option) return undefined;
    resolved[category] = option;
  }
  return resolved as ResolvedDesign;
}

/** The keys of a resolved design. */
export const keysOf = (design: ResolvedDesign): Required<VisualizerDesign> =>
  Object.fromEntries(
    VISUALIZER_CATEGORY_ORDER.map((category) => [category, design[category].key]),
  ) as Required<VisualizerDesign>;

/** The share link's query, in the categories' order (`wall_tile=…&floor_tile=…`). */
export function designQuery(design: VisualizerDesign): string {
  const params = new URLSearchParams();
  for (const category of VISUALIZER_CATEGORY_ORDER) {
    const key = design[category];
    if (key) params.set(category, key);
  }
  return params.toString();
}

export const VISUALIZER_PATH = "/visualizer";
