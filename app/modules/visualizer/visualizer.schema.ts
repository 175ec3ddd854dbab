import { VISUALIZER_CATEGORIES } from "~/db/schema/marketing";
import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import { hasVisibleCharacters, isAcceptableText, singleLine } from "~/modules/platform/text";
import {
  MAX_OPTION_KEY_LENGTH,
  OPTION_KEY_PATTERN,
  VISUALIZER_CATEGORY_LABELS,
  VISUALIZER_CATEGORY_ORDER,
  VISUALIZER_STYLES,
} from "./design";

/**
 * What the visualizer catalogue screen's form sends (docs/REQUIREMENTS.md R15.5), shared by
 * the browser's checks and the action. Empty fields arrive as missing.
 */

export const VISUALIZER_OPTION_MESSAGES = {
  categoryMissing: "Choose a category.",
  nameMissing: "Enter the option's name.",
  nameTooLong: "Keep it to 80 characters or fewer.",
  keyMissing: "Enter a key for share links, like white-subway.",
  keyShape: `Use lower-case letters, digits and single hyphens, at most ${MAX_OPTION_KEY_LENGTH} characters.`,
  colourMissing: "Enter the color as #rrggbb, like #f4f2ec.",
  colourShape: "Use a color like #f4f2ec.",
  styleMissing: "Choose how the scene draws it.",
  styleWrong: "This category cannot be drawn that way: choose one of its styles.",
  orderShape: "Use a whole number from 0 to 999.",
} as const;

export const CATEGORY_OPTIONS = VISUALIZER_CATEGORY_ORDER.map((category) => ({
  value: category,
  label: VISUALIZER_CATEGORY_LABELS[category],
}));

/** Every style any category can have, each labelled with the categories that use it. */
export const STYLE_OPTIONS = [...new Set(Object.values(VISUALIZER_STYLES).flat())].map((style) => ({
  value: style,
  label: style,
}));

const COLOUR = /^#[0-9a-f]{6}$/;

const colour = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .regex(COLOUR, VISUALIZER_OPTION_MESSAGES.colourShape);

export const optionFields = {
  category: z.enum(VISUALIZER_CATEGORIES, { error: VISUALIZER_OPTION_MESSAGES.categoryMissing }),
  name: z
    .string({ error: VISUALIZER_OPTION_MESSAGES.nameMissing })
    .refine(isAcceptableText, VISUALIZER_OPTION_MESSAGES.nameMissing)
    .transform(singleLine)
    .superRefine((name, ctx) => {
      if (!hasVisibleCharacters(name)) {
        ctx.addIssue({ code: "custom", message: VISUALIZER_OPTION_MESSAGES.nameMissing });
      } else if (name.length > 80) {
        ctx.addIssue({ code: "custom", message: VISUALIZER_OPTION_MESSAGES.nameTooLong });
      }
    }),
  key: z
    .string({ error: VISUALIZER_OPTION_MESSAGES.keyMissing })
    .trim()
    .max(MAX_OPTION_KEY_LENGTH, VISUALIZER_OPTION_MESSAGES.keyShape)
    .regex(OPTION_KEY_PATTERN, VISUALIZER_OPTION_MESSAGES.keyShape),
  swatch: colour(VISUALIZER_OPTION_MESSAGES.colourMissing),
  accent: colour(VISUALIZER_OPTION_MESSAGES.colourMissing).optional(),
  style: z
    .string({ error: VISUALIZER_OPTION_MESSAGES.styleMissing })
    .max(40, VISUALIZER_OPTION_MESSAGES.styleWrong),
  sortOrder: z.coerce
    .number({ error: VISUALIZER_OPTION_MESSAGES.orderShape })
    .int(VISUALIZER_OPTION_MESSAGES.orderShape)
    .min(0, VISUALIZER_OPTION_MESSAGES.orderShape)
    .max(999, VISUALIZER_OPTION_MESSAGES.orderShape)
    .default(0),
  active: z.boolean().default(false),
};

const withStyleCheck = <T extends z.ZodType<{ category: string; style: string }>>(schema: T) =>
  schema.superRefine((option, ctx) => {
    const styles = VISUALIZER_STYLES[option.category as keyof typeof VISUALIZER_STYLES];
    if (styles && !styles.includes(option.style)) {
      ctx.addIssue({
        code: "custom",
        path: ["style"],
        message: VISUALIZER_OPTION_MESSAGES.styleWrong,
      });
    }
  });

export const createOptionSchema = withStyleCheck(
  z.object({ intent: z.literal("create"), ...optionFields }),
);

export const updateOptionSchema = withStyleCheck(
  z.object({
    intent: z.literal("update"),
    id: integerIdSchema("Choose an option."),
    ...optionFields,
  }),
);

export const visualizerCommandSchema = z.discriminatedUnion("intent", [
  createOptionSchema,
  updateOptionSchema,
]);

export interface OptionValues {
  category: (typeof VISUALIZER_CATEGORIES)[number];
  name: string;
  key: string;
  swatch: string;
  accent?: string | undefined;
  style: string;
  sortOrder: number;
  active: boolean;
}
