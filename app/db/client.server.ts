import { PGlite } from "@electric-sql/pglite";
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { NodePgDatabase, NodePgSession } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { PgliteDatabase, PgliteSession } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { lockDatabaseDir } from "./data-dir-lock.server";
import { openPGliteThread, type PGliteConnection, type PGliteThread } from "./pglite-thread.server";
import {
  createEmbeddedDataDir,
  embeddedOptions,
  yieldBeforeEachCall,
} from "./pglite-settings.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access, for the job queue (pg-boss) and health checks. */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/** One transaction: Drizzle and raw SQL (for jobs enqueued atomically with the data). */
export interface Transaction {
  db: Database;
  executeSql: ExecuteSql;
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** For PostgreSQL, the connection URL (pg-boss opens its own pool). */
  url: string | undefined;
  executeSql: ExecuteSql;
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (sent by this or any other instance,
   * delivered once the sender's transaction commits). On PostgreSQL a lost connection is
   * re-opened, and `onNotify` is called once then too, since messages may have been missed.
   * Resolves with a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The embedded database only: its data folder as a tarball, taken inside one
   * transaction, with nothing else running, after a checkpoint; `readAlongside` reads facts
   * (counts) from that same state (docs/decisions/017).
   */
  dumpDataDir?: <T>(
    readAlongside: (executeSql: ExecuteSql) => Promise<T>,
  ) => Promise<{ tarball: Blob; read: T }>;
}

export type DatabaseLocation =
  | { driver: "postgres"; url: string; poolSize?: number }
  | {
      driver: "pglite";
      /** Undefined: in memory. */
      dataDir: string | undefined;
      /** In memory only: a dumped data directory to start from (the tests' migrated copy). */
      from?: Blob;
    };

/**
 * Drizzle's view of the schema and its SQL dialect, built once. `drizzle()` rebuilds both
 * (walking every table and relation) each time it is called, and a transaction needs an
 * instance on its own connection: per transaction that was a tenth of a lead's CPU time
 * (docs/decisions/018).
 */
type SchemaTables = ExtractTablesWithRelations<Schema>;
const tablesConfig = extractTablesRelationalConfig<SchemaTables>(
  schema,
  createTableRelationsHelpers,
);
const relationalSchema: RelationalSchemaConfig<SchemaTables> = {
  fullSchema: schema,
  schema: tablesConfig.tables,
  tableNamesMap: tablesConfig.tableNamesMap,
};
const dialect = new PgDialect({ casing: "snake_case" });

/** Drizzle on one PostgreSQL pool or connection. */
function nodePostgresDrizzle(client: pg.Pool | pg.PoolClient): Database {
  const session = new NodePgSession<Schema, SchemaTables>(client, dialect, relationalSchema);
  return new NodePgDatabase<Schema>(dialect, session, relationalSchema) as unknown as Database;
}

/** Drizzle on PGlite or one of its transactions. */
function pgliteDrizzle(client: PGliteConnection): Database {
  const session = new PgliteSession<Schema, SchemaTables>(
    client as PGlite,
    dialect,
    relationalSchema,
  );
  return new PgliteDatabase<Schema>(dialect, session, relationalSchema) as unknown as Database;
}

/** Opens the embedded database (PGlite) or a PostgreSQL pool. Does not migrate. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  return location.driver === "postgres"
    ? openPostgres(location.url, location.poolSize ?? 10)
    : openPglite(location.dataDir, location.from);
}

async function openPglite(
  dataDir: string | undefined,
  from: Blob | undefined,
): Promise<DatabaseHandle> {
  // PGlite does not create parent folders itself.
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  // Throws DatabaseInUseError while another process has the folder open.
  const unlock = dataDir ? lockDatabaseDir(dataDir) : () => {};
  let client: PGliteThread;
  let settled: () => Promise<void>;
  try {
    if (dataDir) {
      await createEmbeddedDataDir(dataDir, { migrationsFolder: migrationsFolder() });
      // The server's database: its statements run on a thread of their own (decision 021).
      client = await openPGliteThread(dataDir, embeddedOptions());
      settled = async () => {};
    } else {
      // In memory: a test's database, in this thread.
      const inThread = await PGlite.create({
        ...embeddedOptions(),
        ...(from ? { loadDataDir: from } : {}),
      });
      settled = yieldBeforeEachCall(inThread).settled;
      client = inThread as unknown as PGliteThread;
    }
  } catch (error) {
    unlock();
    throw error;
  }
  const db = pgliteDrizzle(client);
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    // Statements without parameters may be several at once (pg-boss sends such batches).
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    db,
    driver: "pglite",
    url: undefined,
    executeSql,
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          db: pgliteDrizzle(tx),
          executeSql: async (text, values) => {
            const result = await tx.query<Record<string, unknown>>(text, values);
            return { rows: result.rows };
          },
        }),
      ),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    ping: async () => {
      await client.query("select 1");
    },
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: async () => {
      await settled();
      if (!client.closed) await client.close();
      unlock();
    },
    // PGlite runs every query and transaction one at a time: while this transaction is open
    // nothing else runs, so the files the dump reads (the checkpoint having written every
    // changed page) are the state the counts were read from.
    dumpDataDir: (readAlongside) =>
      client.transaction(async (tx) => {
        await tx.exec("CHECKPOINT");
        const read = await readAlongside(async (text, values) => ({
          rows: (await tx.query<Record<string, unknown>>(text, values)).rows,
        }));
        // Compressed by the caller, after the database is free again.
        return { tarball: await client.dumpDataDir("none"), read };
      }),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const listeners = new Set<() => Promise<void>>();
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = nodePostgresDrizzle(pool);
  const executeSql: ExecuteSql = async (text, values) => {
    const result = await pool.query(text, values as unknown[] | undefined);
    return { rows: result.rows };
  };
  return {
    db,
    driver: "postgres",
    url,
    executeSql,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work({
          db: nodePostgresDrizzle(client),
          executeSql: async (text, values) => {
            const answer = await client.query(text, values as unknown[] | undefined);
            return { rows: answer.rows as Record<string, unknown>[] };
          },
        });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait for it.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePostgres(db as never, { migrationsFolder: migrationsFolder() });
      } finally {
        await lockClient
          .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    listen: async (channel, onNotify) => {
      const stop = await listenPostgres(url, channel, onNotify);
      listeners.add(stop);
      return () => {
        listeners.delete(stop);
        return stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), kept
 * open for as long as the process runs: re-opened a second after it drops.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (reconnecting: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    client.on("error", () => {});
    client.on("end", () => {
      if (stopped || current !== client) return;
      current = undefined;
      retry = setTimeout(() => void connect(true).catch(() => {}), LISTEN_RETRY_MS);
    });
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      current = undefined;
      await client.end().catch(() => {});
      if (!reconnecting) throw error;
      if (!stopped) {
        retry = setTimeout(() => void connect(true).catch(() => {}), LISTEN_RETRY_MS);
      }
      return;
    }
    if (reconnecting) onNotify();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

const MIGRATION_LOCK_ID = 7_310_042_001;

/** The committed drizzle-kit migrations, found from this module in source and in the build. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The drizzle migrations folder was not found");
    dir = parent;
  }
}
