import { PGlite } from "@electric-sql/pglite";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "./client.server";
import {
  createEmbeddedDataDir,
  EMBEDDED_START_PARAMS,
  embeddedTemplateDir,
} from "./pglite-settings.server";

const root = mkdtempSync(path.join(tmpdir(), "lumen-pglite-settings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A PostgreSQL setting as the running embedded database reports it. */
async function setting(database: Awaited<ReturnType<typeof openDatabase>>, name: string) {
  const { rows } = await database.executeSql("select current_setting($1) as value", [name]);
  return rows[0]?.value;
}

describe("the embedded database's settings (docs/decisions/018)", () => {
  it("creates a new folder, migrated, in a child process, then runs with small shared buffers", async () => {
    const dataDir = path.join(root, "fresh", "db");
    const templateDir = path.join(root, "fresh-template", "cluster");
    // Beside it: a folder kept for older migrations, a copy another process is making, and
    // one left by a process stopped mid-copy an hour ago.
    const keptIn = path.dirname(templateDir);
    const older = path.join(keptIn, "older-migrations");
    const copying = path.join(keptIn, "cluster.4242.partial");
    const abandoned = path.join(keptIn, "cluster.4343.partial");
    for (const dir of [older, copying, abandoned]) mkdirSync(dir, { recursive: true });
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(abandoned, anHourAgo, anHourAgo);
    await createEmbeddedDataDir(dataDir, { migrationsFolder: migrationsFolder(), templateDir });
    // Created before this process opened anything: initdb ran elsewhere.
    expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);

    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      expect(await setting(database, "shared_buffers")).toBe("16MB");
      expect(await setting(database, "maintenance_work_mem")).toBe("16MB");
      // Migrated by the child already.
      const { rows } = await database.executeSql("select count(*)::int as n from leads");
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
    // What initdb made is kept, whole, for the next new folder, in place of the older one.
    expect(existsSync(path.join(templateDir, "PG_VERSION"))).toBe(true);
    expect(readdirSync(keptIn).sort()).toEqual(["cluster", "cluster.4242.partial"]);
  });

  it("makes the next new folder from the kept copy", async () => {
    // A kept folder that can be told apart from initdb's: it holds a table of its own.
    const templateDir = path.join(root, "marked-template");
    await createEmbeddedDataDir(templateDir, { migrationsFolder: migrationsFolder() });
    const source = await PGlite.create(templateDir, { startParams: [...EMBEDDED_START_PARAMS] });
    await source.exec(
      "create table from_the_kept_copy (n int); insert into from_the_kept_copy values (1)",
    );
    await source.close();

    const dataDir = path.join(root, "from-copy", "db");
    await createEmbeddedDataDir(dataDir, { migrationsFolder: migrationsFolder(), templateDir });
    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      const { rows } = await database.executeSql("select n from from_the_kept_copy");
      expect(rows).toEqual([{ n: 1 }]);
      expect(await setting(database, "shared_buffers")).toBe("16MB");
    } finally {
      await database.close();
    }
    // The kept folder itself is left as it was.
    const again = await PGlite.create(templateDir);
    try {
      expect((await again.query("select count(*)::int as n from from_the_kept_copy")).rows).toEqual(
        [{ n: 1 }],
      );
    } finally {
      await again.close();
    }
  });

  it("keeps its folder under node_modules/.cache, named by PGlite's version and the contents", () => {
    expect(embeddedTemplateDir(migrationsFolder())).toMatch(
      /node_modules\/\.cache\/lumen-embedded-cluster\/pglite-\d+\.\d+\.\d+-[0-9a-f]{16}$/,
    );
  });

  it("leaves an existing folder as it is and opens it with its data", async () => {
    const dataDir = path.join(root, "kept", "db");
    const first = await openDatabase({ driver: "pglite", dataDir });
    await first.executeSql("create table kept_rows (n int)");
    await first.executeSql("insert into kept_rows values (7)");
    await first.close();

    await createEmbeddedDataDir(dataDir, { migrationsFolder: migrationsFolder() });
    const second = await openDatabase({ driver: "pglite", dataDir });
    try {
      const { rows } = await second.executeSql("select n from kept_rows");
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      await second.close();
    }
  });

  it("gives the in-memory database the same settings", async () => {
    const database = await openDatabase({ driver: "pglite", dataDir: undefined });
    try {
      expect(await setting(database, "shared_buffers")).toBe("16MB");
    } finally {
      await database.close();
    }
  });
});
