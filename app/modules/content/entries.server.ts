import { and, asc, count, eq, ne, sql, type GetColumnData } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import type { authors, categories, postCategories, posts } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { slugify } from "./slug";

/**
 * What listing, saving and deleting an author or a category have in common: the list by
 * name with each entry's posts count, the slug made from the name when none is typed and
 * refused when another entry holds it, the audit of what changed, and deletion refused
 * while posts use the entry unless the member chose where to move them. Each change runs
 * in one transaction with its audit record. authors.server.ts and categories.server.ts
 * state only what differs: the table, the columns, how posts name the entry.
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
function entryMessages(kind: "author" | "category"): EntryMessages {
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
function changesOf<Values extends Record<string, unknown>>(
  before: Values,
  after: Values,
): { field: string; from: unknown; to: unknown }[] {
  return Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

/** Which kind of entry: all that differs between authors and categories here. */
export interface EntryKindOf<Columns extends EntryColumns = EntryColumns> {
  table: typeof authors | typeof categories;
  /** Its name in the audit log and the messages. */
  kind: "author" | "category";
  messages: EntryMessages;
  /** What an entry shows, on the staff list and on its blog page. */
  columns: Columns;
  /** The column of posts' rows that names the entry, and its table. */
  usedBy:
    | { table: typeof posts; column: typeof posts.authorId }
    | { table: typeof postCategories; column: typeof postCategories.categoryId };
  /** Moves the posts that use the entry `from` to the entry `to`. */
  movePosts(tx: Transaction, from: number, to: number): Promise<void>;
  /** The columns its form saves besides name and slug; one not given is left as it is. */
  saves: readonly string[];
  /** Which of those the audit of a new entry names, when they are not empty. */
  audited: readonly string[];
}

type EntryTable = EntryKindOf["table"];

/**
 * A kind of entry as authors.server.ts and categories.server.ts state it: `columns` names
 * what it shows besides id, name and slug; the messages follow from `kind`.
 */
export function entryKind<Table extends EntryTable, Shown extends Record<string, PgColumn>>(
  kind: Omit<EntryKindOf, "messages" | "columns" | "table"> & { table: Table; columns: Shown },
): EntryKindOf<{ id: Table["id"]; name: Table["name"]; slug: Table["slug"] } & Shown> {
  const { table } = kind;
  return {
    ...kind,
    columns: { id: table.id, name: table.name, slug: table.slug, ...kind.columns },
    messages: entryMessages(kind.kind),
  };
}

type EntryColumns = { id: PgColumn; name: PgColumn; slug: PgColumn } & Record<string, PgColumn>;

/** An entry as its `columns` read it. */
export type EntryRowOf<Columns extends EntryColumns> = {
  [Field in keyof Columns]: GetColumnData<Columns[Field]>;
};

export type EntryListItemOf<Columns extends EntryColumns> = EntryRowOf<Columns> & {
  /** How many posts (of any status) use this entry. */
  postCount: number;
};

/** Every entry by name, with the number of posts that use each. */
async function listEntries<Columns extends EntryColumns>(
  db: Database,
  { table, columns, usedBy }: EntryKindOf<Columns>,
): Promise<EntryListItemOf<Columns>[]> {
  const postCount = sql<number>`count(${usedBy.column})::int`.mapWith(Number);
  const rows = await db
    .select({ ...columns, postCount })
    .from(table)
    .leftJoin(usedBy.table, eq(usedBy.column, table.id))
    .groupBy(table.id)
    .orderBy(asc(table.name), asc(table.id));
  // Drizzle cannot follow generic columns through the join: the rows are what they name.
  return rows as unknown as EntryListItemOf<Columns>[];
}

/** The entry with this slug, or null. */
export async function findEntry<Columns extends EntryColumns>(
  db: Database,
  { table, columns }: EntryKindOf<Columns>,
  slug: string,
): Promise<EntryRowOf<Columns> | null> {
  const [row] = await db.select(columns).from(table).where(eq(table.slug, slug));
  return (row ?? null) as EntryRowOf<Columns> | null;
}

type EntryValues = { name: string; slug?: string | undefined } & Record<string, unknown>;

/**
 * Saves an entry under the typed slug, or one made from its name, unless another entry
 * (`except` aside) holds it. `save` writes the row and its audit record and answers its
 * id, or undefined when the row is gone.
 */
async function saveEntry(
  database: Handle,
  { table, messages }: EntryKindOf,
  values: EntryValues,
  except: number | undefined,
  save: (tx: Transaction, slug: string) => Promise<number | undefined>,
): Promise<SaveOutcome> {
  const slug = values.slug || slugify(values.name);
  if (!slug) return { ok: false, errors: { slug: messages.noSlug } };
  const taken = { ok: false, errors: { slug: messages.slugTaken } } as const;
  try {
    return await database.transaction(async (tx) => {
      const sameSlug = eq(table.slug, slug);
      const [other] = await tx.db
        .select({ id: table.id })
        .from(table)
        .where(except === undefined ? sameSlug : and(sameSlug, ne(table.id, except)));
      if (other) return taken;
      const id = await save(tx, slug);
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

/** The values an entry's form saves: name, slug and the kind's own columns that are given. */
function savedValues({ saves }: EntryKindOf, values: EntryValues): EntryValues {
  const saved: EntryValues = { name: values.name, slug: values.slug };
  for (const column of saves) if (values[column] !== undefined) saved[column] = values[column];
  return saved;
}

/**
 * Adds an entry (its table's defaults fill what is not given), audited with its name, slug
 * and the kind's `audited` values.
 */
function createEntry(
  database: Handle,
  actor: Actor,
  entry: EntryKindOf,
  given: EntryValues,
): Promise<SaveOutcome> {
  const { table } = entry;
  const values = savedValues(entry, given);
  return saveEntry(database, entry, values, undefined, async (tx, slug) => {
    const [row] = await tx.db
      .insert(table)
      .values({ ...values, slug })
      .returning({ id: table.id });
    const id = row!.id;
    const audited = entry.audited.filter((column) => values[column]);
    await recordAudit(tx.db, actor, {
      action: `${entry.kind}.create`,
      target: `${entry.kind}:${id}`,
      details: {
        name: values.name,
        slug,
        ...Object.fromEntries(audited.map((column) => [column, values[column]])),
      },
    });
    return id;
  });
}

/**
 * Changes an entry's name, slug and the kind's other columns, audited with what changed;
 * columns not given (an author's photo) are kept.
 */
function updateEntry(
  database: Handle,
  actor: Actor,
  entry: EntryKindOf,
  id: number,
  given: EntryValues,
): Promise<SaveOutcome> {
  const { table, kind } = entry;
  const values = savedValues(entry, given);
  return saveEntry(database, entry, values, id, async (tx, slug) => {
    const [before] = await tx.db.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) return undefined;
    // Name and slug first, so the audit lists changes in the form's order.
    const after: Record<string, unknown> = Object.assign({ name: values.name, slug }, values, {
      slug,
    });
    const changes = changesOf(
      Object.fromEntries(Object.keys(after).map((field) => [field, before[field as "name"]])),
      after,
    );
    if (changes.length === 0) return id;
    await tx.db
      .update(table)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(table.id, id));
    await recordAudit(tx.db, actor, {
      action: `${kind}.update`,
      target: `${kind}:${id}`,
      details: { name: values.name, changes },
    });
    return id;
  });
}

/**
 * Deletes an entry, first moving the posts that use it to `moveTo` when they exist;
 * refused while posts use it and no other entry was chosen. Both rows are locked for the
 * transaction, so no post takes either up meanwhile. Audited with the posts moved.
 */
function deleteEntry(
  database: Handle,
  actor: Actor,
  { table, kind, messages, usedBy, movePosts }: EntryKindOf,
  id: number,
  moveTo: number | undefined,
): Promise<DeleteOutcome> {
  return database.transaction(async (tx) => {
    const lock = async (rowId: number) => {
      const [row] = await tx.db
        .select({ name: table.name, slug: table.slug })
        .from(table)
        .where(eq(table.id, rowId))
        .for("update");
      return row;
    };
    const entry = await lock(id);
    if (!entry) return { ok: false, error: messages.notFound };
    const [counted] = await tx.db
      .select({ n: count() })
      .from(usedBy.table)
      .where(eq(usedBy.column, id));
    const used = Number(counted?.n ?? 0);
    if (used > 0) {
      if (moveTo === undefined) return { ok: false, error: messages.inUse(used) };
      if (moveTo === id) return { ok: false, error: messages.moveToSelf };
      if (!(await lock(moveTo))) return { ok: false, error: messages.moveToMissing };
      await movePosts(tx, id, moveTo);
    }
    await tx.db.delete(table).where(eq(table.id, id));
    await recordAudit(tx.db, actor, {
      action: `${kind}.delete`,
      target: `${kind}:${id}`,
      details: { ...entry, postsMoved: used, movedTo: used > 0 ? `${kind}:${moveTo}` : null },
    });
    return { ok: true, name: entry.name, postsMoved: used };
  });
}

/**
 * The staff commands of one kind of entry, as authors.server.ts and categories.server.ts
 * export them: `Values` is what its form gives once checked.
 */
export function entryCommands<Columns extends EntryColumns, Values extends EntryValues>(
  entry: EntryKindOf<Columns>,
) {
  return {
    /** Every entry by name, with the number of posts using each. */
    list: (db: Database) => listEntries(db, entry),
    /** Adds an entry; the slug is made from the name when none is given. */
    create: (database: Handle, actor: Actor, values: Values) =>
      createEntry(database, actor, entry, values),
    /** Changes an entry; its columns not given are kept. */
    update: (database: Handle, actor: Actor, id: number, values: Values) =>
      updateEntry(database, actor, entry, id, values),
    /** Deletes an entry, moving its posts to `moveTo` first when it has any. */
    remove: (database: Handle, actor: Actor, id: number, moveTo?: number) =>
      deleteEntry(database, actor, entry, id, moveTo),
  };
}
