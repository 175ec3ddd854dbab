import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { migrationsHash } from "./pglite-settings.server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (dropped afterwards) when TEST_DB_DRIVER=postgres.
 */
export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

const testDriver = (): "pglite" | "postgres" =>
  process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver() === "pglite") {
    const handle = await openDatabase({
      driver: "pglite",
      dataDir: undefined,
      from: await migratedTemplate(),
    });
    // A no-op on the template; it still brings a stale one up to date.
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `lumen_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const adminUrl = postgresAdminUrl();
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

/**
 * Something a test file opens once before its tests and closes after them. The object is
 * returned at once, so the file can hold it in a const; its fields are there from the
 * first test on.
 */
export function openForFile<T extends object>(
  open: () => Promise<T>,
  close: (value: T) => Promise<void>,
): T {
  const value = {} as T;
  let opened = false;
  beforeAll(async () => {
    Object.assign(value, await open());
    opened = true;
  });
  afterAll(async () => {
    if (opened) await close(value);
  });
  return value;
}

/** A fresh database for this test file's tests, destroyed after them. */
export const testDatabaseForFile = (): TestDatabase =>
  openForFile(createTestDatabase, (database) => database.destroy());

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(ROOT, "drizzle");

/**
 * A migrated, empty PGlite data directory, dumped once and kept under
 * node_modules/.cache for every later test database: a new PGlite runs initdb, 2.6-4.2 s
 * on the 2-core CI machine, while loading a dump takes about 1.3 s. Named by the
 * migrations' contents, so a new migration makes a new one.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = migrationsHash(MIGRATIONS);
  const cacheDir = path.join(ROOT, "node_modules", ".cache", "pglite-test-template");
  const file = path.join(cacheDir, `${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const client = await PGlite.create();
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir("none");
    await client.close();
    mkdirSync(cacheDir, { recursive: true });
    // Written whole, then renamed: a parallel test file reads either nothing or all of it.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  }
}
