import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, postCategories } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import type { CategoryValues } from "./category.schema";
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
 * Categories as the staff manage them (docs/REQUIREMENTS.md R10.10): what a post is about,
 * shown on the blog. Every change is audited in its own transaction.
 */

export const CATEGORY_MESSAGES = entryMessages("category");

const CATEGORY: EntryKindOf = { table: categories, kind: "category", messages: CATEGORY_MESSAGES };

export interface CategoryListItem {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** How many posts (of any status) are in this category. */
  postCount: number;
}

/** Every category by name, with the number of posts in each. */
export async function listCategories(db: Database): Promise<CategoryListItem[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      postCount: sql<number>`count(${postCategories.postId})::int`,
    })
    .from(categories)
    .leftJoin(postCategories, eq(postCategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((row) => ({ ...row, postCount: Number(row.postCount) }));
}

/** Adds a category; the slug is made from the name when none is given. */
export function createCategory(
  database: Handle,
  actor: Actor,
  values: CategoryValues,
): Promise<SaveOutcome> {
  const { name, description } = values;
  return createEntry(
    database,
    actor,
    CATEGORY,
    values,
    async (tx, slug) => {
      const [row] = await tx.db
        .insert(categories)
        .values({ name, slug, description })
        .returning({ id: categories.id });
      return row!.id;
    },
    {},
  );
}

/** Changes a category's name, slug or description. */
export function updateCategory(
  database: Handle,
  actor: Actor,
  categoryId: number,
  values: CategoryValues,
): Promise<SaveOutcome> {
  const { name, slug, description } = values;
  return updateEntry(database, actor, CATEGORY, categoryId, { name, slug, description });
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
  return deleteEntry(database, actor, CATEGORY, categoryId, moveTo, {
    using: async (tx) => {
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
  });
}
