import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authors, posts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import type { AuthorValues } from "./author.schema";
import {
  createEntry,
  deleteEntry,
  entryKind,
  listEntries,
  updateEntry,
  type DeleteOutcome,
  type EntryListItemOf,
  type Handle,
  type SaveOutcome,
} from "./entries.server";

/**
 * Authors as the staff manage them (docs/REQUIREMENTS.md R10.9): who wrote a post, shown
 * on the blog. Every change is audited in its own transaction.
 */

/** Authors among the entries; a post names its author in `posts.authorId`. */
export const AUTHOR = entryKind({
  table: authors,
  kind: "author",
  columns: {
    id: authors.id,
    name: authors.name,
    slug: authors.slug,
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
});

export const AUTHOR_MESSAGES = AUTHOR.messages;

export type AuthorListItem = EntryListItemOf<typeof AUTHOR.columns>;

/** Every author by name, with the number of posts each wrote. */
export function listAuthors(db: Database): Promise<AuthorListItem[]> {
  return listEntries(db, AUTHOR);
}

/** Adds an author; the slug is made from the name when none is given. */
export function createAuthor(
  database: Handle,
  actor: Actor,
  values: AuthorValues,
): Promise<SaveOutcome> {
  const { name, slug, title, bio, photoImageId = null, photoAlt = "" } = values;
  return createEntry(
    database,
    actor,
    AUTHOR,
    { name, slug, title, bio, photoImageId, photoAlt },
    { title, ...(photoImageId && { photoImageId }) },
  );
}

/** Changes an author's name, slug, title, bio and photo (kept as it is when not given). */
export function updateAuthor(
  database: Handle,
  actor: Actor,
  authorId: number,
  values: AuthorValues,
): Promise<SaveOutcome> {
  const { name, slug, title, bio, photoImageId, photoAlt } = values;
  return updateEntry(database, actor, AUTHOR, authorId, {
    name,
    slug,
    title,
    bio,
    ...(photoImageId !== undefined && { photoImageId }),
    ...(photoAlt !== undefined && { photoAlt }),
  });
}

/**
 * Deletes an author. While posts name them it is refused, unless `moveTo` names the
 * author those posts go to: they move and the author goes, in one transaction.
 */
export function deleteAuthor(
  database: Handle,
  actor: Actor,
  authorId: number,
  moveTo?: number,
): Promise<DeleteOutcome> {
  return deleteEntry(database, actor, AUTHOR, authorId, moveTo);
}
