import { z } from "~/modules/platform/zod";
import { moveToInput, nameInput, optionalText, rowId, slugInput } from "./entry.schema";

/** What the categories screen's forms send, shared by the browser's checks and the action. */

const categoryFields = {
  name: nameInput("Enter the category's name."),
  slug: slugInput,
  description: optionalText(500),
};

export const createCategorySchema = z.object({ intent: z.literal("create"), ...categoryFields });
export const updateCategorySchema = z.object({
  intent: z.literal("update"),
  categoryId: rowId,
  ...categoryFields,
});
export const deleteCategorySchema = z.object({
  intent: z.literal("delete"),
  categoryId: rowId,
  moveTo: moveToInput("Choose the category to move the posts to."),
});

export const categoryCommandSchema = z.discriminatedUnion("intent", [
  createCategorySchema,
  updateCategorySchema,
  deleteCategorySchema,
]);

export type CategoryValues = Omit<z.output<typeof createCategorySchema>, "intent">;
