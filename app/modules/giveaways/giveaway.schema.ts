import { zonedTimeToInstant } from "~/modules/content/post.schema";
import { keptImageId, optionalImageFile } from "~/modules/media/upload.schema";
import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";

/**
 * What the giveaway screen's forms send (docs/REQUIREMENTS.md R15.2), shared by the
 * browser's checks and the action. Empty fields arrive as missing (Conform), so each
 * required field's message covers both. Dates are wall-clock times in the company's time
 * zone, as datetime-local fields give them.
 */

export const GIVEAWAY_MESSAGES = {
  title: "Give the giveaway a title.",
  titleLength: "Keep the title to 200 characters or fewer.",
  prize: "Say what the prize is.",
  prizeLength: "Keep the prize to 200 characters or fewer.",
  description: "Describe the giveaway for visitors.",
  descriptionLength: "Keep the description to 5,000 characters or fewer.",
  startsAt: "Choose when entries open.",
  endsAt: "Choose when entries close.",
  endsBeforeStart: "The end must come after the start.",
  rules: "Write the official rules.",
  rulesLength: "Keep the official rules to 50,000 characters or fewer.",
  notFound: "That giveaway no longer exists.",
  misunderstood: "That request was not understood.",
} as const;

const text = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

const dateTime = (missing: string) =>
  z
    .string({ error: missing })
    .max(40, missing)
    .refine((value) => zonedTimeToInstant(value) !== undefined, missing);

const id = integerIdSchema(GIVEAWAY_MESSAGES.misunderstood);

/** The names of the image's inputs, for the field and the action. */
export const GIVEAWAY_IMAGE_NAMES = {
  fileName: "imageFile",
  currentName: "currentImageId",
  removeName: "removeImage",
} as const;

/** The create and edit form: a new giveaway (no giveawayId) or an existing one. */
export const giveawaySchema = z
  .object({
    intent: z.literal("save"),
    giveawayId: id.optional(),
    title: text(GIVEAWAY_MESSAGES.title, 200, GIVEAWAY_MESSAGES.titleLength),
    prize: text(GIVEAWAY_MESSAGES.prize, 200, GIVEAWAY_MESSAGES.prizeLength),
    description: text(GIVEAWAY_MESSAGES.description, 5000, GIVEAWAY_MESSAGES.descriptionLength),
    startsAt: dateTime(GIVEAWAY_MESSAGES.startsAt),
    endsAt: dateTime(GIVEAWAY_MESSAGES.endsAt),
    rulesMarkdown: text(GIVEAWAY_MESSAGES.rules, 50_000, GIVEAWAY_MESSAGES.rulesLength),
    imageFile: optionalImageFile,
    currentImageId: keptImageId,
    removeImage: z.string().optional(),
  })
  .superRefine((giveaway, context) => {
    const startsAt = zonedTimeToInstant(giveaway.startsAt);
    const endsAt = zonedTimeToInstant(giveaway.endsAt);
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
      context.addIssue({
        code: "custom",
        path: ["endsAt"],
        message: GIVEAWAY_MESSAGES.endsBeforeStart,
      });
    }
  });
export type GiveawayInput = z.output<typeof giveawaySchema>;

/**
 * "Draw a winner" after the end, and "Redraw" once a winner has been drawn (a winner who
 * cannot be reached or does not qualify): a second draw is never made by accident.
 */
export const drawSchema = z.object({
  intent: z.enum(["draw", "redraw"], { error: GIVEAWAY_MESSAGES.misunderstood }),
  giveawayId: id,
});

export const giveawayCommandSchema = z.discriminatedUnion("intent", [giveawaySchema, drawSchema]);
