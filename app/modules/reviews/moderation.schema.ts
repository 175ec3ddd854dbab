import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";

/** The buttons beside a review on the staff's Reviews screen: show it on the site, or hide it. */
export const moderationSchema = z.object({
  intent: z.enum(["publish", "hide"], { error: "That request was not understood." }),
  reviewId: integerIdSchema("That request was not understood."),
});
