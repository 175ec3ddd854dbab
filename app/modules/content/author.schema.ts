import { z } from "~/modules/platform/zod";
import {
  keptImageId,
  MAX_ALT_LENGTH,
  optionalImageFile,
  requireAltText,
  UPLOAD_MESSAGES,
} from "~/modules/media/upload.schema";
import { entrySchemas, optionalText } from "./entry.schema";

/**
 * What the authors screen's forms send, shared by the browser's checks and the action.
 * The photo arrives as a file with its alt text, or as the id of the photo kept now.
 */

/** The names of the photo's inputs, for the alt text check and the field. */
export const PHOTO_IMAGE_NAMES = {
  fileName: "photoFile",
  altName: "photoAlt",
  currentName: "currentPhotoId",
  removeName: "removePhoto",
} as const;

/** The author's own fields, after the name and slug. */
const authorFields = {
  title: optionalText(100),
  bio: optionalText(2000),
  photoFile: optionalImageFile,
  // Left undefined when empty: the action reads that as "".
  photoAlt: z.string().trim().max(MAX_ALT_LENGTH, UPLOAD_MESSAGES.altTooLong).optional(),
  currentPhotoId: keptImageId,
  removePhoto: z.string().optional(),
};

/** A photo is shown beside the author's name: it needs its description. */
const photoNeedsAlt = (values: Record<string, unknown>, context: z.RefinementCtx) =>
  requireAltText(values, context, PHOTO_IMAGE_NAMES);

export const authorSchemas = entrySchemas({
  kind: {
    singular: "author",
    plural: "Authors",
    description: "Who writes the blog's posts, as shown beside each post and on their own page.",
    idField: "authorId",
    path: "/admin/authors",
    postsMoved: "their posts moved to the author you chose",
  },
  nameMissing: "Enter the author's name.",
  fields: authorFields,
  moveTo: "Choose the author to move the posts to.",
  refine: photoNeedsAlt,
});

/** What creating or editing an author takes: the photo already settled to an image id. */
export type AuthorValues = Omit<
  z.output<typeof authorSchemas.create>,
  "intent" | "photoFile" | "currentPhotoId" | "removePhoto" | "photoAlt"
> & {
  /** Undefined keeps the photo the author has; null removes it. */
  photoImageId?: string | null;
  photoAlt?: string;
};
