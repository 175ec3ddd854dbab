import { and, count, desc, eq, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { companyDay } from "~/modules/platform/calendar-day";
import { authors, categories, postCategories, posts } from "~/db/schema";
import { AUTHOR } from "./authors.server";
import { CATEGORY } from "./categories.server";
import { findEntry } from "./entries.server";
import { readingMinutes } from "./markdown.server";
import type { PostAuthor, PostCategory } from "./post";
import type { FeedEntry } from "./rss";

export type { PostAuthor, PostCategory };

/**
 * What visitors read of the blog (docs/REQUIREMENTS.md R11.1-R11.4). Every query here shows
 * only posts that are published and whose publishedAt has come: drafts, scheduled posts and
 * posts dated in the future stay out of lists, feeds and the sitemap, and answer 404 by
 * slug unless a staff member previews them.
 */

export const POSTS_PER_PAGE = 12;

/** How many related posts a post page offers. */
const RELATED = 3;

/** How many posts the feed carries. */
const FEED_ITEMS = 20;

/** A post as lists show it. */
export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date;
  /** The company's calendar day it went out ("2026-11-23"), for the date shown with it. */
  publishedOn: string;
  readingMinutes: number;
  coverImageId: string | null;
  coverAlt: string;
  author: PostAuthor;
  categories: PostCategory[];
}

/** A post as its own page shows it. */
export interface PostDetail extends Omit<PostSummary, "publishedAt" | "publishedOn"> {
  body: string;
  status: "draft" | "scheduled" | "published";
  /** Null for a draft that never went out (only staff see one, in preview). */
  publishedAt: Date | null;
  publishedOn: string | null;
  updatedAt: Date;
  seoTitle: string;
  seoDescription: string;
  socialImageId: string | null;
  author: PostAuthor & { bio: string; photoImageId: string | null; photoAlt: string };
  /** False for a draft, a scheduled post or one dated in the future. */
  isPublic: boolean;
}

export interface PostPage {
  posts: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
}

/** Published, and its time has come. */
function visible(now: Date): SQL {
  return and(
    eq(posts.status, "published"),
    sql`${posts.publishedAt} is not null`,
    lte(posts.publishedAt, now),
  )!;
}

/** The later of the post's last edit and its publication: what the sitemap calls lastmod. */
const lastModified = sql<Date>`greatest(${posts.updatedAt}, ${posts.publishedAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  body: posts.body,
  publishedAt: posts.publishedAt,
  coverImageId: posts.coverImageId,
  coverAlt: posts.coverAlt,
  authorName: authors.name,
  authorSlug: authors.slug,
  authorTitle: authors.title,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | null;
};

/** The categories of each post, by name. */
async function categoriesOf(db: Database, postIds: number[]) {
  const byPost = new Map<number, PostCategory[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postCategories.postId, name: categories.name, slug: categories.slug })
    .from(postCategories)
    .innerJoin(categories, eq(categories.id, postCategories.categoryId))
    .where(inArray(postCategories.postId, postIds))
    .orderBy(categories.name);
  for (const { postId, ...category } of rows) {
    byPost.set(postId, [...(byPost.get(postId) ?? []), category]);
  }
  return byPost;
}

async function toSummaries(db: Database, rows: SummaryRow[]): Promise<PostSummary[]> {
  const byPost = await categoriesOf(
    db,
    rows.map((row) => row.id!),
  );
  return rows.map((row) => ({
    id: row.id!,
    title: row.title!,
    slug: row.slug!,
    excerpt: row.excerpt!,
    publishedAt: row.publishedAt!,
    // A draft in staff preview has no date; its detail says so (null).
    publishedOn: row.publishedAt ? companyDay(row.publishedAt) : "",
    readingMinutes: readingMinutes(row.body ?? ""),
    coverImageId: row.coverImageId ?? null,
    coverAlt: row.coverAlt ?? "",
    author: { name: row.authorName!, slug: row.authorSlug!, title: row.authorTitle ?? "" },
    categories: byPost.get(row.id!) ?? [],
  }));
}

/** A page number from the query string: 1 unless it is a whole number of 1 or more. */
export function pageNumber(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * Published posts, newest first, a page at a time; only those in a category or by an
 * author when asked. A page past the last comes back empty (the route answers 404).
 */
export async function listPublishedPosts(
  db: Database,
  options: {
    page?: number;
    perPage?: number;
    categoryId?: number;
    authorId?: number;
    now?: Date;
  } = {},
): Promise<PostPage> {
  const perPage = options.perPage ?? POSTS_PER_PAGE;
  const page = Math.max(1, options.page ?? 1);
  const where = and(
    visible(options.now ?? new Date()),
    options.authorId === undefined ? undefined : eq(posts.authorId, options.authorId),
    options.categoryId === undefined
      ? undefined
      : inArray(
          posts.id,
          db
            .select({ id: postCategories.postId })
            .from(postCategories)
            .where(eq(postCategories.categoryId, options.categoryId)),
        ),
  );
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(posts).where(where),
    db
      .select(summaryColumns)
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    posts: await toSummaries(db, rows),
    page,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
    total,
  };
}

/**
 * One post by its slug, with its author and categories. Visitors get only a visible post;
 * with `preview` (staff only: the route checks) a draft or scheduled post comes back too.
 */
export async function findPost(
  db: Database,
  slug: string,
  options: { preview?: boolean; now?: Date } = {},
): Promise<PostDetail | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      ...summaryColumns,
      status: posts.status,
      updatedAt: posts.updatedAt,
      seoTitle: posts.seoTitle,
      seoDescription: posts.seoDescription,
      socialImageId: posts.socialImageId,
      authorBio: authors.bio,
      authorPhotoId: authors.photoImageId,
      authorPhotoAlt: authors.photoAlt,
      isPublic: sql<boolean>`coalesce(${visible(now)}, false)`.mapWith(Boolean),
    })
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(options.preview ? eq(posts.slug, slug) : and(eq(posts.slug, slug), visible(now)));
  if (!row) return null;
  const [summary] = await toSummaries(db, [row]);
  return {
    ...summary!,
    publishedAt: row.publishedAt,
    publishedOn: row.publishedAt && companyDay(row.publishedAt),
    body: row.body,
    status: row.status,
    updatedAt: row.updatedAt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    socialImageId: row.socialImageId,
    author: {
      ...summary!.author,
      bio: row.authorBio,
      photoImageId: row.authorPhotoId,
      photoAlt: row.authorPhotoAlt,
    },
    isPublic: row.isPublic,
  };
}

/** Other visible posts that share a category with this one, newest first. */
export async function relatedPosts(
  db: Database,
  post: { id: number; categories: PostCategory[] },
  options: { limit?: number; now?: Date } = {},
): Promise<PostSummary[]> {
  if (post.categories.length === 0) return [];
  const shared = db
    .select({ id: postCategories.postId })
    .from(postCategories)
    .innerJoin(categories, eq(categories.id, postCategories.categoryId))
    .where(
      inArray(
        categories.slug,
        post.categories.map((category) => category.slug),
      ),
    );
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(
      and(visible(options.now ?? new Date()), ne(posts.id, post.id), inArray(posts.id, shared)),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(options.limit ?? RELATED);
  return toSummaries(db, rows);
}

/** A category's page: the category with this slug, or null. */
export function findCategory(db: Database, slug: string) {
  return findEntry(db, CATEGORY, slug);
}

/** An author's page: the author with this slug, or null. */
export function findAuthor(db: Database, slug: string) {
  return findEntry(db, AUTHOR, slug);
}

/** The newest visible posts, for /rss.xml. */
export async function feedItems(db: Database, now = new Date()): Promise<FeedEntry[]> {
  const { posts: newest } = await listPublishedPosts(db, { perPage: FEED_ITEMS, now });
  return newest.map((post) => ({
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    publishedAt: post.publishedAt,
    authorName: post.author.name,
    categories: post.categories.map((category) => category.name),
  }));
}

/** A blog address for sitemap.xml, with when it last changed. */
export interface SitemapEntry {
  path: string;
  /** Unknown for /blog while nothing is published. */
  lastmod?: Date;
}

/**
 * /blog, every visible post, and the categories and authors that have one: each with the
 * latest change among the posts it shows.
 */
export async function blogSitemapEntries(db: Database, now = new Date()): Promise<SitemapEntry[]> {
  const where = visible(now);
  const [postRows, categoryRows, authorRows] = await Promise.all([
    db
      .select({ slug: posts.slug, lastmod: lastModified })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id)),
    db
      .select({
        slug: categories.slug,
        lastmod: sql<Date>`max(${lastModified})`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(categories)
      .innerJoin(postCategories, eq(postCategories.categoryId, categories.id))
      .innerJoin(posts, eq(posts.id, postCategories.postId))
      .where(where)
      .groupBy(categories.slug)
      .orderBy(categories.slug),
    db
      .select({
        slug: authors.slug,
        lastmod: sql<Date>`max(${lastModified})`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(authors)
      .innerJoin(posts, eq(posts.authorId, authors.id))
      .where(where)
      .groupBy(authors.slug)
      .orderBy(authors.slug),
  ]);
  const newest = postRows.length
    ? new Date(Math.max(...postRows.map((row) => row.lastmod.getTime())))
    : undefined;
  return [
    { path: "/blog", lastmod: newest },
    ...postRows.map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.lastmod })),
    ...categoryRows.map((row) => ({ path: `/blog/category/${row.slug}`, lastmod: row.lastmod })),
    ...authorRows.map((row) => ({ path: `/blog/author/${row.slug}`, lastmod: row.lastmod })),
  ];
}
