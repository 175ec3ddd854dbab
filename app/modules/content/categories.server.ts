import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { categories, postCategories } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CategoryValues } from "./category.schema";
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
 * Categories as the staff manage them (docs/REQUIREMENTS.md R10.3): what a post is about,
 * shown on the blog. Every change is audited in its own transaction.
 */

export const CATEGORY_MESSAGES = entryMessages("category");

export interface CategoryListItem {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** How many posts (of any status) are in this category. */
  postCount: number;
}

const listColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

/** Every category by name, with the number of posts in each. */
export async function listCategories(db: Database): Promise<CategoryListItem[]> {
  const rows = await db
    .select({ ...listColumns, postCount: sql<number>`count(${postCategories.postId})::int` })
    .from(categories)
    .leftJoin(postCategories, eq(postCategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((row) => ({ ...row, postCount: Number(row.postCount) }));
}

const slugTaken = (except?: number) => async (tx: Transaction, slug: string) => {
  const [other] = await tx.db
    .select({ id: categories.id })
    .from(categories)
    .where(
      except === undefined
        ? eq(categories.slug, slug)
        : and(eq(categories.slug, slug), ne(categories.id, except)),
    );
  return Boolean(other);
};

/** Adds a category; the slug is made from the name when none is given. */
export function createCategory(
  database: Handle,
  actor: Actor,
  values: CategoryValues,
): Promise<SaveOutcome> {
  return saveEntry(database, values, CATEGORY_MESSAGES, {
    taken: slugTaken(),
    save: async (tx, slug) => {
      const { name, description } = values;
      const [row] = await tx.db
        .insert(categories)
        .values({ name, slug, description })
        .returning({ id: categories.id });
      await recordAudit(tx.db, actor, {
        action: "category.create",
        target: `category:${row!.id}`,
        details: { name, slug },
      });
      return row!.id;
    },
  });
}

/** Changes a category's name, slug or description. */
export function updateCategory(
  database: Handle,
  actor: Actor,
  categoryId: number,
  values: CategoryValues,
): Promise<SaveOutcome> {
  return saveEntry(database, values, CATEGORY_MESSAGES, {
    taken: slugTaken(categoryId),
    save: async (tx, slug) => {
      const [before] = await tx.db
        .select(listColumns)
        .from(categories)
        .where(eq(categories.id, categoryId))
        .for("update");
      if (!before) return undefined;
      const after = { id: categoryId, name: values.name, slug, description: values.description };
      const changes = changesOf(before, after);
      if (changes.length === 0) return categoryId;
      await tx.db
        .update(categories)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(categories.id, categoryId));
      await recordAudit(tx.db, actor, {
        action: "category.update",
        target: `category:${categoryId}`,
        details: { name: after.name, changes },
      });
      return categoryId;
    },
  });
}

/**
 * Deletes a category. While posts are in it it is refused, unless `moveTo` names the
 * category they go to instead: each such post gets that category (once, even if it already
 * had it), so no post is left without a category, and the category goes, in one
 * transaction.
 */
export function deleteCategory(
  database: Handle,
  actor: Actor,
  categoryId: number,
  moveTo?: number,
): Promise<DeleteOutcome> {
  return deleteEntry(database, categoryId, moveTo, CATEGORY_MESSAGES, {
    lock: async (tx, id) => {
      const [row] = await tx.db
        .select({ name: categories.name, slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      return row;
    },
    postsUsing: async (tx) => {
      const [row] = await tx.db
        .select({ n: count() })
        .from(postCategories)
        .where(eq(postCategories.categoryId, categoryId));
      return Number(row?.n ?? 0);
    },
    move: async (tx, to) => {
      await tx.db.execute(sql`
        insert into ${postCategories} (post_id, category_id)
        select post_id, ${to} from ${postCategories} where category_id = ${categoryId}
        on conflict do nothing`);
      await tx.db.delete(postCategories).where(eq(postCategories.categoryId, categoryId));
    },
    remove: async (tx, { name, slug, postsMoved }) => {
      await tx.db.delete(categories).where(eq(categories.id, categoryId));
      await recordAudit(tx.db, actor, {
        action: "category.delete",
        target: `category:${categoryId}`,
        details: {
          name,
          slug,
          postsMoved,
          movedTo: postsMoved > 0 ? `category:${moveTo}` : null,
        },
      });
    },
  });
}
