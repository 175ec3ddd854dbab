import { eq } from "drizzle-orm";
import { authors, posts } from "~/db/schema";
import type { AuthorValues } from "./author.schema";
import { entryCommands, entryKind } from "./entries.server";

/**
 * Authors as the staff manage them (docs/REQUIREMENTS.md R10.9): who wrote a post, shown
 * on the blog. Every change is audited in its own transaction.
 */

/** Authors among the entries; a post names its author in `posts.authorId`. */
export const AUTHOR = entryKind({
  table: authors,
  kind: "author",
  columns: {
    title: authors.title,
    bio: authors.bio,
    photoImageId: authors.photoImageId,
    photoAlt: authors.photoAlt,
  },
  usedBy: { table: posts, column: posts.authorId },
  movePosts: async (tx, from, to) => {
    await tx.db
      .update(posts)
      .set({ authorId: to, updatedAt: new Date() })
      .where(eq(posts.authorId, from));
  },
  // A photo not given (undefined) is kept on edit; null removes it.
  saves: ["title", "bio", "photoImageId", "photoAlt"],
  audited: ["title", "photoImageId"],
});

/**
 * Listing, adding, changing and deleting authors. Deleting one that posts name is refused
 * unless `moveTo` names the author those posts go to: they move and the author goes, in
 * one transaction.
 */
export const authorCommands = entryCommands<typeof AUTHOR.columns, AuthorValues>(AUTHOR);
