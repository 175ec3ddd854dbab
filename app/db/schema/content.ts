import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { staffReference } from "./auth";
import { bigserialId, instant, instantNow, serialId, timestamps } from "./columns";
import { images } from "./media";

const image = () => uuid().references(() => images.id, { onDelete: "set null" });

/** Who wrote a post, as shown on the blog (not a staff account). */
export const authors = pgTable(
  "authors",
  {
    id: serialId(),
    name: text().notNull(),
    slug: text().notNull(),
    /** Their job title, e.g. "Lead designer". */
    title: text().notNull().default(""),
    bio: text().notNull().default(""),
    photoImageId: image(),
    photoAlt: text().notNull().default(""),
    ...timestamps(),
  },
  (table) => [uniqueIndex("authors_slug_idx").on(table.slug)],
);

export const categories = pgTable(
  "categories",
  {
    id: serialId(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    ...timestamps(),
  },
  (table) => [uniqueIndex("categories_slug_idx").on(table.slug)],
);

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * A blog post. Visitors see it only when it is published and its publishedAt has come;
 * a scheduled post is published by a job at publishAt.
 */
export const posts = pgTable(
  "posts",
  {
    id: serialId(),
    title: text().notNull(),
    slug: text().notNull(),
    excerpt: text().notNull().default(""),
    /** Markdown, rendered and sanitised on the server for the page and the preview alike. */
    body: text().notNull().default(""),
    coverImageId: image(),
    coverAlt: text().notNull().default(""),
    authorId: integer()
      .notNull()
      .references(() => authors.id, { onDelete: "restrict" }),
    status: text().$type<PostStatus>().notNull().default("draft"),
    /** When a scheduled post goes out. */
    publishAt: instant(),
    /** When it went out (kept when it is unpublished, so republishing keeps its date). */
    publishedAt: instant(),
    seoTitle: text().notNull().default(""),
    seoDescription: text().notNull().default(""),
    socialImageId: image(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("posts_slug_idx").on(table.slug),
    index("posts_status_published_idx").on(table.status, table.publishedAt),
    index("posts_author_idx").on(table.authorId),
    check("posts_status_known", sql`${table.status} in ('draft', 'scheduled', 'published')`),
    check(
      "posts_scheduled_has_time",
      sql`${table.status} <> 'scheduled' or ${table.publishAt} is not null`,
    ),
  ],
);

export const postCategories = pgTable(
  "post_categories",
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.categoryId] }),
    index("post_categories_category_idx").on(table.categoryId),
  ],
);

/** A post as it was saved: every save keeps one; the editor offers the last 20. */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: bigserialId(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The post's editable fields and category ids, as saved. */
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    savedBy: staffReference(),
    /** Kept as it was, so the list still reads after an account is removed. */
    savedByName: text().notNull(),
    savedAt: instantNow(),
  },
  (table) => [index("post_revisions_post_idx").on(table.postId, table.savedAt)],
);

export type Post = typeof posts.$inferSelect;
export type Author = typeof authors.$inferSelect;
export type Category = typeof categories.$inferSelect;
