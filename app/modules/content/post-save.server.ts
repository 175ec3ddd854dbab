import { and, eq, inArray, ne } from "drizzle-orm";
import type { DatabaseHandle, Transaction } from "~/db/client.server";
import { authors, categories, postCategories, postRevisions, posts, type Post } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { freeAddresses, moveAddress, postPath } from "./post-addresses.server";
import { keepRevision, type PostSnapshot } from "./post-revisions.server";
import { POST_MESSAGES, zonedTimeToInstant, type PostInput } from "./post.schema";
import { slugify } from "./slug";

/**
 * Saving a post from the editor (docs/REQUIREMENTS.md R10): the slug made and checked, the
 * status and its schedule, the 301 of a published post's old address, a revision at each
 * save, and restoring a revision. Every change is audited in its own transaction.
 */

type Handle = Pick<DatabaseHandle, "transaction">;

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
