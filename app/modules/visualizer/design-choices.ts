import type { VisualizerCategory } from "~/db/schema/marketing";
import type { CatalogueOption } from "./design";

/** One chosen option of a lead's visualizer design, as staff read it. */
export interface DesignChoice {
  category: VisualizerCategory;
  label: string;
  key: string;
  /** Undefined when the option has since been removed from the catalogue. */
  option: Pick<CatalogueOption, "name" | "swatch" | "accent"> | undefined;
}

/** The design as lines of the staff e-mail. */
export const designMailLines = (choices: readonly DesignChoice[]): string[] =>
  choices.map((choice) => `  ${choice.label}: ${choice.option?.name ?? choice.key}`);
