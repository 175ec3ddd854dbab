import type { z } from "~/modules/platform/zod";
import { entrySchemas, optionalText } from "./entry.schema";

/** What the categories screen's forms send, shared by the browser's checks and the action. */

/** The category's own field, after the name and slug. */
const categoryFields = {
  description: optionalText(500),
};

export const categorySchemas = entrySchemas({
  kind: {
    singular: "category",
    plural: "Categories",
    description:
      "What the blog's posts are about. Each post has one or more; each category has its own page.",
    idField: "categoryId",
    path: "/admin/categories",
    postsMoved: "its posts moved to the category you chose",
  },
  nameMissing: "Enter the category's name.",
  fields: categoryFields,
  moveTo: "Choose the category to move the posts to.",
});

export type CategoryValues = Omit<z.output<typeof categorySchemas.create>, "intent">;
