import type { VisualizerCategory } from "~/db/schema/marketing";
import {
  VISUALIZER_CATEGORY_LABELS,
  VISUALIZER_CATEGORY_ORDER,
  type Catalogue,
  type ResolvedDesign,
} from "~/modules/visualizer/design";

/**
 * The visualizer's choices (docs/REQUIREMENTS.md R15.5): one radio group per category, each
 * option with its swatch and name. Named by category, so the GET form they sit in writes
 * the share link's query.
 */
export function DesignPicker({
  catalogue,
  design,
  onChoose,
}: {
  catalogue: Catalogue;
  design: ResolvedDesign;
  onChoose: (category: VisualizerCategory, key: string) => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      {VISUALIZER_CATEGORY_ORDER.map((category) => (
        <fieldset key={category} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-widest text-ink-soft">
            {VISUALIZER_CATEGORY_LABELS[category]}
          </legend>
          <div className="flex flex-wrap gap-2">
            {catalogue[category].map((option) => (
              <label key={option.key} className="cursor-pointer">
                <input
                  type="radio"
                  name={category}
                  value={option.key}
                  checked={design[category].key === option.key}
                  onChange={() => onChoose(category, option.key)}
                  className="peer sr-only"
                />
                <span className="flex items-center gap-2 rounded-full border border-stone-300 bg-white py-1.5 pl-1.5 pr-3 text-sm text-ink-soft transition-colors peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brass hover:border-ink">
                  <span
                    aria-hidden="true"
                    className="size-6 shrink-0 rounded-full border border-black/15"
                    style={{
                      background: option.accent
                        ? `linear-gradient(135deg, ${option.swatch} 55%, ${option.accent} 55%)`
                        : option.swatch,
                    }}
                  />
                  {option.name}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
