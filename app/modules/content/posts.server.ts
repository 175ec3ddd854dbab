import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import { z } from "~/modules/platform/zod";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import {
  authors,
  categories,
  POST_STATUSES,
  postCategories,
  postRevisions,
  posts,
  redirects,
  users,
  type Post,
  type PostStatus,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { SYSTEM_ACTOR } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import {
  POST_MESSAGES,
  POST_SORTS,
  zonedTimeToInstant,
  type BulkAction,
  type PostInput,
  type PostSort,
} from "./post.schema";
import { slugify } from "./slug";

/**
 * Posts as the staff manage them (docs/REQUIREMENTS.md R10): the list with its filters,
 * the editor's load and save (slug, status, revisions, the 301 of a published post's old
 * address), restoring a revision, bulk actions, and the job that publishes scheduled posts.
 * Every change is audited in its own transaction.
 */

/** Posts per page of the list. */
export const POSTS_PAGE_SIZE = 20;
/** Revisions kept per post (R10.6). */
export const REVISIONS_KEPT = 20;

type Handle = Pick<DatabaseHandle, "transaction">;

/** A post's public address, where its slug lives. */
export const postPath = (slug: string) => `/blog/${slug}`;

// ---------------------------------------------------------------------------------------
// The list: filters in the URL.

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim() : undefined),
    schema.optional(),
  );
const idFilter = z.coerce.number().int().positive().max(2_147_483_647);

const postFilterFields = {
  q: optional(z.string().max(200, "Search for at most 200 characters")),
  status: optional(z.enum(POST_STATUSES, { error: "Choose a status from the list" })),
  author: optional(idFilter),
  category: optional(idFilter),
  sort: optional(z.enum(POST_SORTS, { error: "Choose a sort from the list" })),
  page: optional(z.coerce.number().int().positive().max(100_000)),
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
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && key !== "page") params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

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

// ---------------------------------------------------------------------------------------
// One post in the editor, and its revisions.

/** What a revision keeps: the editable fields and the category ids, as saved. */
export interface PostSnapshot {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  coverImageId: string | null;
  coverAlt: string;
  authorId: number;
  status: PostStatus;
  publishAt: string | null;
  seoTitle: string;
  seoDescription: string;
  socialImageId: string | null;
  categoryIds: number[];
}

export interface RevisionItem {
  id: number;
  savedAt: Date;
  savedByName: string;
}

export interface PostForEditing {
  post: Post;
  categoryIds: number[];
  revisions: RevisionItem[];
}

/** The post, its categories and its last 20 revisions (newest first); undefined if gone. */
export async function loadPostForEditing(
  db: Database,
  postId: number,
): Promise<PostForEditing | undefined> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) return undefined;
  const [categoryRows, revisions] = await Promise.all([
    db
      .select({ id: postCategories.categoryId })
      .from(postCategories)
      .where(eq(postCategories.postId, postId)),
    listRevisions(db, postId),
  ]);
  return { post, categoryIds: categoryRows.map((row) => row.id).sort((a, b) => a - b), revisions };
}

export function listRevisions(db: Database, postId: number): Promise<RevisionItem[]> {
  return db
    .select({
      id: postRevisions.id,
      savedAt: postRevisions.savedAt,
      savedByName: postRevisions.savedByName,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id))
    .limit(REVISIONS_KEPT);
}

/** One revision of a post, to view. */
export async function getRevision(
  db: Database,
  postId: number,
  revisionId: number,
): Promise<(RevisionItem & { snapshot: PostSnapshot }) | undefined> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, revisionId)));
  if (!row) return undefined;
  return {
    id: row.id,
    savedAt: row.savedAt,
    savedByName: row.savedByName,
    snapshot: row.snapshot as unknown as PostSnapshot,
  };
}

// ---------------------------------------------------------------------------------------
// Saving.

export type SaveOutcome =
  | { ok: true; postId: number; slug: string; created: boolean; redirected: boolean }
  | { ok: false; errors: Record<string, string> };

/** What a save writes: the form's values, or a revision's. */
type PostValues = Omit<
  PostInput,
  "intent" | "postId" | "publishAt" | "coverAlt" | ImageInputName
> & {
  publishAt: Date | null;
  coverImageId?: string | null;
  coverAlt?: string;
  socialImageId?: string | null;
};

/** The image upload fields' inputs: the action turns them into image ids first. */
type ImageInputName =
  | "coverFile"
  | "currentCoverId"
  | "removeCover"
  | "socialFile"
  | "currentSocialId"
  | "removeSocial";

/**
 * The form's values as a save takes them (the time read in the company's zone), with the
 * images the action settled (undefined: keep the post's own).
 */
export function postValuesFrom(
  input: PostInput,
  images: { coverImageId?: string | null; socialImageId?: string | null } = {},
): PostValues {
  const {
    intent: _intent,
    postId: _postId,
    publishAt,
    coverFile: _coverFile,
    currentCoverId: _currentCoverId,
    removeCover: _removeCover,
    socialFile: _socialFile,
    currentSocialId: _currentSocialId,
    removeSocial: _removeSocial,
    ...rest
  } = input;
  return {
    ...rest,
    ...images,
    publishAt: publishAt ? (zonedTimeToInstant(publishAt) ?? null) : null,
  };
}

/**
 * Creates (no postId) or updates a post. The slug is made from the title when left empty
 * and must be free; a published post whose slug changes gets a 301 from its old address.
 * Every save keeps a revision (the last 20 are kept).
 */
export async function savePost(
  database: Handle,
  actor: Actor,
  postId: number | undefined,
  values: PostValues,
  now = new Date(),
): Promise<SaveOutcome> {
  return database.transaction((tx) => savePostIn(tx, actor, postId, values, now, "edit"));
}

async function savePostIn(
  tx: Transaction,
  actor: Actor,
  postId: number | undefined,
  values: PostValues,
  now: Date,
  reason: "edit" | "restore",
  restoredFrom?: number,
): Promise<SaveOutcome> {
  const db = tx.db;
  const [existing] = postId
    ? await db.select().from(posts).where(eq(posts.id, postId)).for("update")
    : [undefined];
  if (postId && !existing) return { ok: false, errors: { form: POST_MESSAGES.notFound } };

  const slug = values.slug || slugify(values.title);
  if (!slug) return { ok: false, errors: { slug: POST_MESSAGES.slugEmpty } };
  const errors: Record<string, string> = {};
  const [taken] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), postId ? ne(posts.id, postId) : undefined));
  if (taken) errors.slug = POST_MESSAGES.slugTaken;
  const [author] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(eq(authors.id, values.authorId));
  if (!author) errors.authorId = POST_MESSAGES.authorGone;
  const categoryIds = [...new Set(values.categoryIds)].sort((a, b) => a - b);
  const found = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, categoryIds));
  if (found.length !== categoryIds.length) errors.categoryIds = POST_MESSAGES.categoryGone;
  if (values.status === "scheduled" && !values.publishAt)
    errors.publishAt = POST_MESSAGES.publishAt;
  else if (
    values.status === "scheduled" &&
    values.publishAt &&
    values.publishAt <= now &&
    // A restore keeps a schedule already in place; a new time must be ahead.
    existing?.publishAt?.getTime() !== values.publishAt.getTime()
  ) {
    errors.publishAt = POST_MESSAGES.publishAtPast;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const status = values.status;
  const row = {
    title: values.title,
    slug,
    excerpt: values.excerpt,
    body: values.body,
    authorId: values.authorId,
    status,
    publishAt: status === "scheduled" ? values.publishAt : null,
    publishedAt: status === "published" ? (existing?.publishedAt ?? now) : existing?.publishedAt,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    // Images are set by the upload fields; a save without them keeps what is there.
    ...(values.coverImageId !== undefined && { coverImageId: values.coverImageId }),
    ...(values.coverAlt !== undefined && { coverAlt: values.coverAlt }),
    ...(values.socialImageId !== undefined && { socialImageId: values.socialImageId }),
    updatedAt: now,
  };

  let saved: Post;
  if (existing) {
    [saved] = (await db.update(posts).set(row).where(eq(posts.id, existing.id)).returning()) as [
      Post,
    ];
    await db.delete(postCategories).where(eq(postCategories.postId, saved.id));
  } else {
    [saved] = (await db
      .insert(posts)
      .values({ ...row, createdAt: now })
      .returning()) as [Post];
  }
  await db
    .insert(postCategories)
    .values(categoryIds.map((categoryId) => ({ postId: saved.id, categoryId })));

  // The old address of a post visitors could see keeps working (R10.3).
  const redirected =
    existing?.status === "published" && existing.slug !== slug
      ? (await moveAddress(tx, postPath(existing.slug), postPath(slug), now), true)
      : false;
  if (status === "published") await freeAddresses(db, [slug]);

  await keepRevision(tx, actor, saved, categoryIds, now);

  const target = `post:${saved.id}`;
  const details: Record<string, unknown> = { title: saved.title, slug, status };
  if (existing) {
    details.changes = changedFields(existing, saved);
    if (restoredFrom) details.revisionId = restoredFrom;
  }
  if (redirected) details.redirect = { from: postPath(existing!.slug), to: postPath(slug) };
  const action = !existing ? "post.create" : reason === "restore" ? "post.restore" : "post.edit";
  await recordAudit(db, actor, { action, target, details, at: now });
  const wasPublished = existing?.status === "published";
  if (status === "published" && !wasPublished) {
    await recordAudit(db, actor, { action: "post.publish", target, details: { slug }, at: now });
  } else if (wasPublished && status !== "published") {
    await recordAudit(db, actor, { action: "post.unpublish", target, details: { slug }, at: now });
  }
  return { ok: true, postId: saved.id, slug, created: !existing, redirected };
}

const AUDITED_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "body",
  "authorId",
  "status",
  "publishAt",
  "seoTitle",
  "seoDescription",
  "coverImageId",
  "coverAlt",
  "socialImageId",
] as const;

/** Which fields a save changed (names only: a body can be long). */
function changedFields(before: Post, after: Post): string[] {
  return AUDITED_FIELDS.filter(
    (field) => String(before[field] ?? "") !== String(after[field] ?? ""),
  );
}

/**
 * A 301 from `from` to `to`: the rule for `from` is made or pointed at `to`, rules that led
 * to `from` now lead to `to` (so no chain forms), and a rule from `to` goes (the address
 * is live again).
 */
async function moveAddress(tx: Transaction, from: string, to: string, now: Date) {
  const db = tx.db;
  await db.delete(redirects).where(eq(redirects.fromPath, to));
  await db
    .update(redirects)
    .set({ toPath: to, updatedAt: now })
    .where(and(eq(redirects.toPath, from), ne(redirects.fromPath, from)));
  await db
    .insert(redirects)
    .values({
      fromPath: from,
      toPath: to,
      type: 301,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toPath: to, type: 301, isActive: true, updatedAt: now },
    });
}

/**
 * A published post's address is its own: a rule left there (a 410 for a deleted post, or
 * a 301 from another post's old slug) would hide it from visitors (R10.3).
 */
async function freeAddresses(db: Pick<Database, "delete">, slugs: string[]) {
  if (slugs.length === 0) return;
  await db.delete(redirects).where(inArray(redirects.fromPath, slugs.map(postPath)));
}

/**
 * The address of a deleted published post answers 410 Gone, so search engines drop it
 * instead of retrying a 404 (R10.3); a rule an editor already made there is kept.
 */
async function retireAddresses(db: Pick<Database, "insert">, slugs: string[], now: Date) {
  if (slugs.length === 0) return;
  await db
    .insert(redirects)
    .values(
      slugs.map((slug) => ({
        fromPath: postPath(slug),
        toPath: "",
        type: 410 as const,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: redirects.fromPath });
}

/** A revision of the post as saved; only the newest 20 are kept. */
async function keepRevision(
  tx: Transaction,
  actor: Actor,
  post: Post,
  categoryIds: number[],
  now: Date,
) {
  const db = tx.db;
  const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  const snapshot: PostSnapshot = {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    coverImageId: post.coverImageId,
    coverAlt: post.coverAlt,
    authorId: post.authorId,
    status: post.status,
    publishAt: post.publishAt?.toISOString() ?? null,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    socialImageId: post.socialImageId,
    categoryIds,
  };
  await db.insert(postRevisions).values({
    postId: post.id,
    snapshot: snapshot as unknown as Record<string, unknown>,
    savedBy: member ? actor.id : null,
    savedByName: member?.name || actor.email,
    savedAt: now,
  });
  const kept = db
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.savedAt), desc(postRevisions.id))
    .limit(REVISIONS_KEPT);
  await db
    .delete(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), notInArray(postRevisions.id, kept)));
}

/**
 * Puts a revision's content back (title, slug, text, images, author, categories, SEO). The
 * post keeps its current status, so restoring never publishes or unpublishes by surprise.
 * It is a save like any other: it keeps a revision of its own.
 */
export async function restoreRevision(
  database: Handle,
  actor: Actor,
  postId: number,
  revisionId: number,
  now = new Date(),
): Promise<SaveOutcome> {
  return database.transaction(async (tx) => {
    const [current] = await tx.db.select().from(posts).where(eq(posts.id, postId));
    if (!current) return { ok: false, errors: { form: POST_MESSAGES.notFound } };
    const [revision] = await tx.db
      .select({ snapshot: postRevisions.snapshot })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, revisionId)));
    if (!revision) return { ok: false, errors: { form: POST_MESSAGES.revisionNotFound } };
    const snapshot = revision.snapshot as unknown as PostSnapshot;
    const values: PostValues = {
      title: snapshot.title,
      slug: snapshot.slug,
      excerpt: snapshot.excerpt,
      body: snapshot.body,
      authorId: snapshot.authorId,
      categoryIds: snapshot.categoryIds,
      status: current.status,
      publishAt: current.publishAt,
      seoTitle: snapshot.seoTitle,
      seoDescription: snapshot.seoDescription,
      coverImageId: snapshot.coverImageId,
      coverAlt: snapshot.coverAlt,
      socialImageId: snapshot.socialImageId,
    };
    const outcome = await savePostIn(tx, actor, postId, values, now, "restore", revisionId);
    if (!outcome.ok) {
      // Nothing half-done stays: the transaction rolls back with the refusal's message.
      const message = Object.values(outcome.errors)[0] ?? POST_MESSAGES.revisionNotFound;
      return { ok: false, errors: { form: message } };
    }
    return outcome;
  });
}

// ---------------------------------------------------------------------------------------
// Bulk actions and scheduled publishing.

export interface BulkOutcome {
  /** The posts the action changed (those already in that state, or gone, are left out). */
  changed: number[];
}

/** Publishes, unpublishes (back to draft) or deletes the ticked posts, audited with their ids. */
export async function bulkPosts(
  database: Handle,
  actor: Actor,
  action: BulkAction,
  postIds: number[],
  now = new Date(),
): Promise<BulkOutcome> {
  const ids = [...new Set(postIds)];
  return database.transaction(async (tx) => {
    const db = tx.db;
    let rows: { id: number; slug: string }[];
    let gone: string[] = [];
    if (action === "delete") {
      const deleted = await db
        .delete(posts)
        .where(inArray(posts.id, ids))
        .returning({ id: posts.id, slug: posts.slug, status: posts.status });
      rows = deleted;
      gone = deleted.filter((post) => post.status === "published").map((post) => post.slug);
      await retireAddresses(db, gone, now);
    } else if (action === "publish") {
      rows = await db
        .update(posts)
        .set({
          status: "published",
          publishedAt: sql`coalesce(${posts.publishedAt}, ${now.toISOString()}::timestamptz)`,
          publishAt: null,
          updatedAt: now,
        })
        .where(and(inArray(posts.id, ids), ne(posts.status, "published")))
        .returning({ id: posts.id, slug: posts.slug });
      await freeAddresses(
        db,
        rows.map((post) => post.slug),
      );
    } else {
      rows = await db
        .update(posts)
        .set({ status: "draft", publishAt: null, updatedAt: now })
        .where(and(inArray(posts.id, ids), ne(posts.status, "draft")))
        .returning({ id: posts.id, slug: posts.slug });
    }
    const changed = rows.map((row) => row.id).sort((a, b) => a - b);
    await recordAudit(db, actor, {
      action: `posts.bulk_${action}`,
      target: null,
      details: {
        ids: changed,
        asked: ids.length,
        ...(gone.length > 0 && { gone: gone.map(postPath) }),
      },
      at: now,
    });
    return { changed };
  });
}

/**
 * Publishes every scheduled post whose time has come, dated its scheduled time; run by a
 * job every minute (R10.4) and audited as done by the system.
 */
export async function publishDuePosts(db: Database, now = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(posts)
      .set({ status: "published", publishedAt: sql`${posts.publishAt}`, updatedAt: now })
      .where(and(eq(posts.status, "scheduled"), lte(posts.publishAt, now)))
      .returning({ id: posts.id, slug: posts.slug, publishedAt: posts.publishedAt });
    await freeAddresses(
      tx,
      due.map((post) => post.slug),
    );
    for (const post of due) {
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "post.publish",
        target: `post:${post.id}`,
        details: { slug: post.slug, scheduledFor: post.publishedAt?.toISOString() },
        at: now,
      });
    }
    return due.map((post) => post.id);
  });
}
