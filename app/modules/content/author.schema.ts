import { z } from "zod";
import { moveToInput, nameInput, optionalText, rowId, slugInput } from "./entry.schema";

/**
 * What the authors screen's forms send, shared by the browser's checks and the action.
 * The photo (photoImageId, photoAlt) is not part of these forms yet.
 */

const authorFields = {
  name: nameInput("Enter the author's name."),
  slug: slugInput,
  title: optionalText(100),
  bio: optionalText(2000),
};

export const createAuthorSchema = z.object({ intent: z.literal("create"), ...authorFields });
export const updateAuthorSchema = z.object({
  intent: z.literal("update"),
  authorId: rowId,
  ...authorFields,
});
export const deleteAuthorSchema = z.object({
  intent: z.literal("delete"),
  authorId: rowId,
  moveTo: moveToInput("Choose the author to move the posts to."),
});

export const authorCommandSchema = z.discriminatedUnion("intent", [
  createAuthorSchema,
  updateAuthorSchema,
  deleteAuthorSchema,
]);

export type AuthorValues = Omit<z.output<typeof createAuthorSchema>, "intent">;
