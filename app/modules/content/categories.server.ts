import { eq, sql } from "drizzle-orm";
import { categories, postCategories } from "~/db/schema";
import type { CategoryValues } from "./category.schema";
import { entryCommands, entryKind } from "./entries.server";

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
  saves: ["description"],
  audited: [],
});

/**
 * Listing, adding, changing and deleting categories. Deleting one that posts are in is
 * refused unless `moveTo` names the category they go to instead: each such post gets that
 * category (once, even if it already had it), so no post is left without a category.
 */
export const categoryCommands = entryCommands<typeof CATEGORY.columns, CategoryValues>(CATEGORY);
