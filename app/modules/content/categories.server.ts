import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, postCategories } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import type { CategoryValues } from "./category.schema";
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
 * Categories as the staff manage them (docs/REQUIREMENTS.md R10.10): what a post is about,
 * shown on the blog. Every change is audited in its own transaction.
 */

/**
 * Categories among the entries; a post's categories are its `post_categories` rows. Its
 * posts move to another category once each, even a post that already had it, so no post
 * is left without a category.
 */
export const CATEGORY = entryKind({
  table: categories,
  kind: "category",
  columns: {
    id: categories.id,
    name: categories.name,
    slug: categories.slug,
    description: categories.description,
  },
  usedBy: { table: postCategories, column: postCategories.categoryId },
  movePosts: async (tx, from, to) => {
    await tx.db.execute(sql`
      insert into ${postCategories} (post_id, category_id)
      select post_id, ${to} from ${postCategories} where category_id = ${from}
      on conflict do nothing`);
    await tx.db.delete(postCategories).where(eq(postCategories.categoryId, from));
  },
});

export const CATEGORY_MESSAGES = CATEGORY.messages;

export type CategoryListItem = EntryListItemOf<typeof CATEGORY.columns>;

/** Every category by name, with the number of posts in each. */
export function listCategories(db: Database): Promise<CategoryListItem[]> {
  return listEntries(db, CATEGORY);
}

/** Adds a category; the slug is made from the name when none is given. */
export function createCategory(
  database: Handle,
  actor: Actor,
  values: CategoryValues,
): Promise<SaveOutcome> {
  const { name, slug, description } = values;
  return createEntry(database, actor, CATEGORY, { name, slug, description }, {});
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
  return deleteEntry(database, actor, CATEGORY, categoryId, moveTo);
}
