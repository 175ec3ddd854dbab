import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import {
  postCategories,
  postRevisions,
  posts,
  users,
  type Post,
  type PostStatus,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";

/**
 * One post in the editor, and its revisions (docs/REQUIREMENTS.md R10.6): loading the post
 * to edit, listing and viewing its revisions, and keeping a revision at each save.
 */

/** Revisions kept per post (R10.6). */
export const REVISIONS_KEPT = 20;

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

/** A revision of the post as saved; only the newest 20 are kept. */
export async function keepRevision(
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
