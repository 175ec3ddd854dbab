import type { DatabaseHandle, Transaction } from "~/db/client.server";
import { slugify } from "./slug";

/**
 * What saving and deleting an author or a category have in common: the slug made from the
 * name when none is typed and refused when another entry holds it, and deletion refused
 * while posts use the entry unless the member chose where to move them. Each step runs in
 * one transaction with its audit record (authors.server.ts, categories.server.ts).
 */

export type Handle = Pick<DatabaseHandle, "transaction">;

export type SaveOutcome =
  { ok: true; id: number; slug: string } | { ok: false; errors: Record<string, string> };

export type DeleteOutcome =
  { ok: true; name: string; postsMoved: number } | { ok: false; error: string };

export interface EntryMessages {
  slugTaken: string;
  noSlug: string;
  notFound: string;
  inUse: (posts: number) => string;
  moveToSelf: string;
  moveToMissing: string;
}

/** Wording shared by both screens; `kind` is "author" or "category". */
export function entryMessages(kind: "author" | "category"): EntryMessages {
  const posts = (count: number) => (count === 1 ? "1 post uses" : `${count} posts use`);
  return {
    slugTaken: `Another ${kind} already uses this slug. Choose a different one.`,
    noSlug: "The name has no letters or digits to make a slug from. Enter a slug.",
    notFound: `That ${kind} no longer exists.`,
    inUse: (count) =>
      `${posts(count)} this ${kind}. Choose another ${kind} to move them to, then delete.`,
    moveToSelf: `Choose a different ${kind} to move the posts to.`,
    moveToMissing: `The ${kind} you chose to move the posts to no longer exists.`,
  };
}

/** The field changes between a row and the values saved, for the audit log. */
export function changesOf<Values extends Record<string, unknown>>(
  before: Values,
  after: Values,
): { field: string; from: unknown; to: unknown }[] {
  return Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

/** PostgreSQL's unique_violation, as either driver reports it (possibly wrapped). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object";) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Saves an entry under the typed slug, or one made from its name. `save` writes the row
 * and its audit record and answers its id, or undefined when the row is gone.
 */
export async function saveEntry(
  database: Handle,
  values: { name: string; slug?: string | undefined },
  messages: EntryMessages,
  steps: {
    taken(tx: Transaction, slug: string): Promise<boolean>;
    save(tx: Transaction, slug: string): Promise<number | undefined>;
  },
): Promise<SaveOutcome> {
  const slug = values.slug || slugify(values.name);
  if (!slug) return { ok: false, errors: { slug: messages.noSlug } };
  const taken = { ok: false, errors: { slug: messages.slugTaken } } as const;
  try {
    return await database.transaction(async (tx) => {
      if (await steps.taken(tx, slug)) return taken;
      const id = await steps.save(tx, slug);
      return id === undefined
        ? { ok: false, errors: { form: messages.notFound } }
        : { ok: true, id, slug };
    });
  } catch (error) {
    // Another member took the slug between the check and the write.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

/**
 * Deletes an entry, first moving the posts that use it to `moveTo` when they exist;
 * refused while posts use it and no other entry was chosen.
 */
export function deleteEntry(
  database: Handle,
  id: number,
  moveTo: number | undefined,
  messages: EntryMessages,
  steps: {
    /** The entry, locked for the transaction, so no post takes it up meanwhile. */
    lock(tx: Transaction, id: number): Promise<{ name: string; slug: string } | undefined>;
    postsUsing(tx: Transaction): Promise<number>;
    /** Moves the posts to the locked entry `to`. */
    move(tx: Transaction, to: number): Promise<void>;
    remove(
      tx: Transaction,
      details: { name: string; slug: string; postsMoved: number },
    ): Promise<void>;
  },
): Promise<DeleteOutcome> {
  return database.transaction(async (tx) => {
    const entry = await steps.lock(tx, id);
    if (!entry) return { ok: false, error: messages.notFound };
    const used = await steps.postsUsing(tx);
    if (used > 0) {
      if (moveTo === undefined) return { ok: false, error: messages.inUse(used) };
      if (moveTo === id) return { ok: false, error: messages.moveToSelf };
      if (!(await steps.lock(tx, moveTo))) return { ok: false, error: messages.moveToMissing };
      await steps.move(tx, moveTo);
    }
    await steps.remove(tx, { ...entry, postsMoved: used });
    return { ok: true, name: entry.name, postsMoved: used };
  });
}
