import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { authors, posts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import type { AuthorValues } from "./author.schema";
import {
  changesOf,
  deleteEntry,
  entryMessages,
  saveEntry,
  type DeleteOutcome,
  type Handle,
  type SaveOutcome,
} from "./entries.server";

/**
 * Authors as the staff manage them (docs/REQUIREMENTS.md R10.2): who wrote a post, shown
 * on the blog. Every change is audited in its own transaction.
 */

export const AUTHOR_MESSAGES = entryMessages("author");

export interface AuthorListItem {
  id: number;
  name: string;
  slug: string;
  title: string;
  bio: string;
  /** How many posts (of any status) name this author. */
  postCount: number;
}

const listColumns = {
  id: authors.id,
  name: authors.name,
  slug: authors.slug,
  title: authors.title,
  bio: authors.bio,
};

/** Every author by name, with the number of posts each wrote. */
export async function listAuthors(db: Database): Promise<AuthorListItem[]> {
  const rows = await db
    .select({ ...listColumns, postCount: sql<number>`count(${posts.id})::int` })
    .from(authors)
    .leftJoin(posts, eq(posts.authorId, authors.id))
    .groupBy(authors.id)
    .orderBy(asc(authors.name), asc(authors.id));
  return rows.map((row) => ({ ...row, postCount: Number(row.postCount) }));
}

const slugTaken = (except?: number) => async (tx: Transaction, slug: string) => {
  const [other] = await tx.db
    .select({ id: authors.id })
    .from(authors)
    .where(
      except === undefined
        ? eq(authors.slug, slug)
        : and(eq(authors.slug, slug), ne(authors.id, except)),
    );
  return Boolean(other);
};

/** Adds an author; the slug is made from the name when none is given. */
export function createAuthor(
  database: Handle,
  actor: Actor,
  values: AuthorValues,
): Promise<SaveOutcome> {
  return saveEntry(database, values, AUTHOR_MESSAGES, {
    taken: slugTaken(),
    save: async (tx, slug) => {
      const { name, title, bio } = values;
      const [row] = await tx.db
        .insert(authors)
        .values({ name, slug, title, bio })
        .returning({ id: authors.id });
      await recordAudit(tx.db, actor, {
        action: "author.create",
        target: `author:${row!.id}`,
        details: { name, slug, title },
      });
      return row!.id;
    },
  });
}

/** Changes an author's name, slug, title or bio (the photo is kept as it is). */
export function updateAuthor(
  database: Handle,
  actor: Actor,
  authorId: number,
  values: AuthorValues,
): Promise<SaveOutcome> {
  return saveEntry(database, values, AUTHOR_MESSAGES, {
    taken: slugTaken(authorId),
    save: async (tx, slug) => {
      const [before] = await tx.db
        .select(listColumns)
        .from(authors)
        .where(eq(authors.id, authorId))
        .for("update");
      if (!before) return undefined;
      const after = { id: authorId, name: values.name, slug, title: values.title, bio: values.bio };
      const changes = changesOf(before, after);
      if (changes.length === 0) return authorId;
      await tx.db
        .update(authors)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(authors.id, authorId));
      await recordAudit(tx.db, actor, {
        action: "author.update",
        target: `author:${authorId}`,
        details: { name: after.name, changes },
      });
      return authorId;
    },
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
  return deleteEntry(database, authorId, moveTo, AUTHOR_MESSAGES, {
    lock: async (tx, id) => {
      const [row] = await tx.db
        .select({ name: authors.name, slug: authors.slug })
        .from(authors)
        .where(eq(authors.id, id))
        .for("update");
      return row;
    },
    postsUsing: async (tx) => {
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
    remove: async (tx, { name, slug, postsMoved }) => {
      await tx.db.delete(authors).where(eq(authors.id, authorId));
      await recordAudit(tx.db, actor, {
        action: "author.delete",
        target: `author:${authorId}`,
        details: { name, slug, postsMoved, movedTo: postsMoved > 0 ? `author:${moveTo}` : null },
      });
    },
  });
}
