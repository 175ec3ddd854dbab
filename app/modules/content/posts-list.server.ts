import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import {
  filterQueryString,
  likePattern,
  optionalFilter,
  searchFilter,
} from "~/modules/platform/list-query";
import { integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import type { Database } from "~/db/client.server";
import {
  authors,
  categories,
  POST_STATUSES,
  postCategories,
  posts,
  type PostStatus,
} from "~/db/schema";
import { POST_SORTS, type PostSort } from "./post.schema";

/**
 * The staff's list of posts (docs/REQUIREMENTS.md R10): its filters in the URL, its pages,
 * and the author and category menus the list and the editor offer.
 */

/** Posts per page of the list. */
export const POSTS_PAGE_SIZE = 20;

const idFilter = integerIdSchema();

const postFilterFields = {
  q: searchFilter,
  status: optionalFilter(z.enum(POST_STATUSES, { error: "Choose a status from the list" })),
  author: optionalFilter(idFilter),
  category: optionalFilter(idFilter),
  sort: optionalFilter(z.enum(POST_SORTS, { error: "Choose a sort from the list" })),
  page: optionalFilter(z.coerce.number().int().positive().max(100_000)),
};
type FilterKey = keyof typeof postFilterFields;
const FILTER_KEYS = Object.keys(postFilterFields) as FilterKey[];

export interface PostFilter {
  q?: string;
  status?: PostStatus;
  author?: number;
  category?: number;
  sort?: PostSort;
  page?: number;
}

/**
 * The filter in a query string. Each field counts on its own: one that does not read is
 * left out (and explained), the others still apply. `typed` is what was typed.
 */
export function parsePostFilter(params: URLSearchParams): {
  filter: PostFilter;
  errors: Partial<Record<FilterKey, string>>;
  typed: Record<FilterKey, string>;
} {
  const typed = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? ""]),
  ) as Record<FilterKey, string>;
  const filter: Record<string, unknown> = {};
  const errors: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const result = postFilterFields[key].safeParse(typed[key]);
    if (!result.success) errors[key] = result.error.issues[0]?.message ?? "Not understood";
    else if (result.data !== undefined) filter[key] = result.data;
  }
  // A made-up author or category id simply matches nothing, so it needs no message.
  delete errors.author;
  delete errors.category;
  delete errors.page;
  return { filter: filter as PostFilter, errors, typed };
}

/** The filter as a query string (stable order), for links that keep it. */
export function postFilterQuery(filter: PostFilter, extra: Record<string, string> = {}): string {
  return filterQueryString(FILTER_KEYS, { ...filter, page: undefined }, extra);
}

function filterConditions(filter: PostFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(sql`(${posts.title} ilike ${pattern} or ${posts.excerpt} ilike ${pattern})`);
  }
  if (filter.status) conditions.push(eq(posts.status, filter.status));
  if (filter.author) conditions.push(eq(posts.authorId, filter.author));
  if (filter.category) {
    const categoryId = filter.category;
    conditions.push(
      exists(
        sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = ${categoryId})`,
      ),
    );
  }
  return conditions;
}

function sortOrder(sort: PostSort | undefined): SQL[] {
  switch (sort) {
    case "title":
      return [asc(sql`lower(${posts.title})`), asc(posts.id)];
    case "published":
      return [sql`${posts.publishedAt} desc nulls last`, desc(posts.id)];
    default:
      return [desc(posts.updatedAt), desc(posts.id)];
  }
}

export interface PostListItem {
  id: number;
  title: string;
  slug: string;
  status: PostStatus;
  publishAt: Date | null;
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string;
  categoryNames: string[];
}

export interface PostPage {
  posts: PostListItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of the list (pages by number: the sorts by title and date need no cursor). */
export async function listPosts(
  db: Database,
  filter: PostFilter,
  limit = POSTS_PAGE_SIZE,
): Promise<PostPage> {
  const conditions = filterConditions(filter);
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(posts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(filter.page ?? 1, pageCount);
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      status: posts.status,
      publishAt: posts.publishAt,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      authorName: authors.name,
    })
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(where)
    .orderBy(...sortOrder(filter.sort))
    .limit(limit)
    .offset((page - 1) * limit);
  const names = await categoryNamesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    posts: rows.map((row) => ({ ...row, categoryNames: names.get(row.id) ?? [] })),
    total,
    page,
    pageCount,
  };
}

async function categoryNamesOf(db: Database, postIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (postIds.length === 0) return names;
  const rows = await db
    .select({ postId: postCategories.postId, name: categories.name })
    .from(postCategories)
    .innerJoin(categories, eq(categories.id, postCategories.categoryId))
    .where(inArray(postCategories.postId, postIds))
    .orderBy(asc(categories.name));
  for (const row of rows) names.set(row.postId, [...(names.get(row.postId) ?? []), row.name]);
  return names;
}

/** What the editor's and the filter's menus offer: every author and category, by name. */
export async function postOptions(db: Database) {
  const [authorRows, categoryRows] = await Promise.all([
    db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(asc(authors.name)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name)),
  ]);
  return { authors: authorRows, categories: categoryRows };
}
