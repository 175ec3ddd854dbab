import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { createEmbeddedDataDir } from "./pglite-settings.server";

const root = mkdtempSync(path.join(tmpdir(), "lumen-pglite-settings-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A PostgreSQL setting as the running embedded database reports it. */
async function setting(database: Awaited<ReturnType<typeof openDatabase>>, name: string) {
  const { rows } = await database.executeSql("select current_setting($1) as value", [name]);
  return rows[0]?.value;
}

describe("the embedded database's settings (docs/decisions/018)", () => {
  it("creates a new folder in a child process, then runs with small shared buffers", async () => {
    const dataDir = path.join(root, "fresh", "db");
    await createEmbeddedDataDir(dataDir);
    // Created before this process opened anything: initdb ran elsewhere.
    expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);

    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      expect(await setting(database, "shared_buffers")).toBe("16MB");
      expect(await setting(database, "maintenance_work_mem")).toBe("16MB");
      await database.migrate();
      const { rows } = await database.executeSql("select count(*)::int as n from leads");
      expect(rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("leaves an existing folder as it is and opens it with its data", async () => {
    const dataDir = path.join(root, "kept", "db");
    const first = await openDatabase({ driver: "pglite", dataDir });
    await first.executeSql("create table kept_rows (n int)");
    await first.executeSql("insert into kept_rows values (7)");
    await first.close();

    await createEmbeddedDataDir(dataDir);
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
