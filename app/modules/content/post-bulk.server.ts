import { and, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { posts } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { SYSTEM_ACTOR } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { freeAddresses, postPath, retireAddresses } from "./post-addresses.server";
import type { BulkAction } from "./post.schema";

/**
 * Changes to many posts at once (docs/REQUIREMENTS.md R10): the list's bulk actions and the
 * job that publishes scheduled posts (R10.4). Each run is audited in its own transaction.
 */

type Handle = Pick<DatabaseHandle, "transaction">;

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
