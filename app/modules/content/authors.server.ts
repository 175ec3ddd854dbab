import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authors, posts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import type { AuthorValues } from "./author.schema";
import {
  createEntry,
  deleteEntry,
  entryMessages,
  updateEntry,
  type DeleteOutcome,
  type EntryKindOf,
  type Handle,
  type SaveOutcome,
} from "./entries.server";

/**
 * Authors as the staff manage them (docs/REQUIREMENTS.md R10.9): who wrote a post, shown
 * on the blog. Every change is audited in its own transaction.
 */

export const AUTHOR_MESSAGES = entryMessages("author");

const AUTHOR: EntryKindOf = { table: authors, kind: "author", messages: AUTHOR_MESSAGES };

export interface AuthorListItem {
  id: number;
  name: string;
  slug: string;
  title: string;
  bio: string;
  photoImageId: string | null;
  photoAlt: string;
  /** How many posts (of any status) name this author. */
  postCount: number;
}

/** Every author by name, with the number of posts each wrote. */
export async function listAuthors(db: Database): Promise<AuthorListItem[]> {
  const rows = await db
    .select({
      id: authors.id,
      name: authors.name,
      slug: authors.slug,
      title: authors.title,
      bio: authors.bio,
      photoImageId: authors.photoImageId,
      photoAlt: authors.photoAlt,
      postCount: sql<number>`count(${posts.id})::int`,
    })
    .from(authors)
    .leftJoin(posts, eq(posts.authorId, authors.id))
    .groupBy(authors.id)
    .orderBy(asc(authors.name), asc(authors.id));
  return rows.map((row) => ({ ...row, postCount: Number(row.postCount) }));
}

/** Adds an author; the slug is made from the name when none is given. */
export function createAuthor(
  database: Handle,
  actor: Actor,
  values: AuthorValues,
): Promise<SaveOutcome> {
  const { name, title, bio, photoImageId = null, photoAlt = "" } = values;
  return createEntry(
    database,
    actor,
    AUTHOR,
    values,
    async (tx, slug) => {
      const [row] = await tx.db
        .insert(authors)
        .values({ name, slug, title, bio, photoImageId, photoAlt })
        .returning({ id: authors.id });
      return row!.id;
    },
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
  return deleteEntry(database, actor, AUTHOR, authorId, moveTo, {
    using: async (tx) => {
      const [row] = await tx.db
        .select({ n: count() })
        .from(posts)
        .where(eq(posts.authorId, authorId));
      return Number(row?.n ?? 0);
    },
    move: async (tx, to) => {
      await tx.db
        .update(posts)
        .set({ authorId: to, updatedAt: new Date() })
        .where(eq(posts.authorId, authorId));
    },
  });
}
