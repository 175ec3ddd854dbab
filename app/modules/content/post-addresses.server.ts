import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { redirects } from "~/db/schema";

/**
 * The rules for a post's public address (docs/REQUIREMENTS.md R10.3): a published post's
 * old address answers 301 to its new one, its own address stays free of rules, and a
 * deleted published post's address answers 410 Gone.
 */

/** A post's public address, where its slug lives. */
export const postPath = (slug: string) => `/blog/${slug}`;

/**
 * A 301 from `from` to `to`: the rule for `from` is made or pointed at `to`, rules that led
 * to `from` now lead to `to` (so no chain forms), and a rule from `to` goes (the address
 * is live again).
 */
export async function moveAddress(tx: Transaction, from: string, to: string, now: Date) {
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
export async function freeAddresses(db: Pick<Database, "delete">, slugs: string[]) {
  if (slugs.length === 0) return;
  await db.delete(redirects).where(inArray(redirects.fromPath, slugs.map(postPath)));
}

/**
 * The address of a deleted published post answers 410 Gone, so search engines drop it
 * instead of retrying a 404 (R10.3); a rule an editor already made there is kept.
 */
export async function retireAddresses(db: Pick<Database, "insert">, slugs: string[], now: Date) {
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
