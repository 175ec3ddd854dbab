import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { openPGliteThread } from "./pglite-thread.server";
import { isUniqueViolation } from "./unique-violation";
import { affiliateUsers } from "./schema";
import { createTestDatabase, type TestDatabase } from "./test-database.server";

/**
 * The server's embedded database runs on a thread of its own (docs/decisions/021): the same
 * answers as PGlite in this thread, while this thread stays free during its statements.
 */
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

describe.skipIf(onPostgres)("the embedded database on its own thread", () => {
  let folder: string;
  let threaded: DatabaseHandle;
  let inThread: TestDatabase;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "lumen-thread-"));
    threaded = await openDatabase({ driver: "pglite", dataDir: path.join(folder, "db") });
    await threaded.migrate();
    inThread = await createTestDatabase();
  });
  afterAll(async () => {
    await threaded?.close();
    await inThread?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it("gives the same values as PGlite in this thread: dates, timestamps, numbers, json, bytes", async () => {
    const query = sql`select
      timestamptz '2026-03-01 12:34:56.789+00' as stamp,
      date '2026-03-01' as day,
      interval '2 days 3 hours' as span,
      12.50::numeric as amount,
      42::bigint as big,
      '{"a":[1,"b"]}'::jsonb as doc,
      '\\x00ff'::bytea as bytes,
      array[timestamptz '2026-03-01 00:00:00+00'] as stamps,
      null::timestamptz as nothing`;
    const rowOf = async (database: DatabaseHandle) =>
      ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows[0];
    const fromThread = await rowOf(threaded);
    const fromHere = await rowOf(inThread);
    expect(fromThread).toEqual(fromHere);
    expect(fromThread).toMatchObject({ stamp: expect.any(String), nothing: null });
  });

  it("reads and writes through Drizzle's query builder with its column mapping", async () => {
    const id = randomUUID();
    await threaded.db.insert(affiliateUsers).values({ id, name: "Thread", email: "t@x.example" });
    const [row] = await threaded.db.select().from(affiliateUsers).where(eq(affiliateUsers.id, id));
    expect(row).toMatchObject({ id, name: "Thread", email: "t@x.example" });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("commits a transaction's work, and rolls all of it back when the work throws", async () => {
    const kept = randomUUID();
    const dropped = randomUUID();
    await threaded.transaction(async (tx) => {
      await tx.db.insert(affiliateUsers).values({ id: kept, name: "K", email: "k@x.example" });
    });
    await expect(
      threaded.transaction(async (tx) => {
        await tx.executeSql("insert into affiliate_users (id, name, email) values ($1, $2, $3)", [
          dropped,
          "D",
          "d@x.example",
        ]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await threaded.executeSql(
      "select id from affiliate_users where id = any($1::uuid[])",
      [[kept, dropped]],
    );
    expect(rows).toEqual([{ id: kept }]);
  });

  it("lets nothing else in while a transaction is open, as PGlite in this thread does", async () => {
    const id = randomUUID();
    let outsideSaw: unknown;
    await threaded.transaction(async (tx) => {
      await tx.db.insert(affiliateUsers).values({ id, name: "Before", email: "b@x.example" });
      // Sent now, answered only once the transaction has ended.
      const outside = threaded.executeSql("select name from affiliate_users where id = $1", [id]);
      void outside.then((result) => (outsideSaw = result.rows));
      await tx.db.update(affiliateUsers).set({ name: "After" }).where(eq(affiliateUsers.id, id));
      expect(outsideSaw).toBeUndefined();
    });
    await vi.waitFor(() => expect(outsideSaw).toEqual([{ name: "After" }]));
  });

  it("reports PostgreSQL's error fields, without the statement's values", async () => {
    const id = randomUUID();
    await threaded.db.insert(affiliateUsers).values({ id, name: "One", email: "one@x.example" });
    const error = await threaded.db
      .insert(affiliateUsers)
      .values({ id, name: "private name", email: "private@x.example" })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    // Drizzle's own error names the values, on either thread; the database's error under
    // it is rebuilt from what the database's thread sends, which leaves them out.
    const fromThread = (error as { cause: Record<string, unknown> }).cause;
    expect(fromThread).toMatchObject({ code: "23505", constraint: "affiliate_users_pkey" });
    expect(fromThread).not.toHaveProperty("params");
    // A failed statement leaves the connection usable.
    await threaded.ping();
  });

  it("keeps a repeated statement prepared, with the same values for every kind of parameter", async () => {
    const text = `select $1::text as words, $2::int as count, $3::boolean as yes,
      $4::jsonb as doc, $5::timestamptz as stamp, $6::uuid[] as ids, $7::text as nothing`;
    const ids = [randomUUID(), randomUUID()];
    const params = ["a'b", 42, false, { a: [1, "b"] }, new Date("2026-03-01T12:00:00Z"), ids, null];
    const fromHere = (await inThread.executeSql(text, params)).rows;
    for (let run = 0; run < 3; run++) {
      expect((await threaded.executeSql(text, params)).rows).toEqual(fromHere);
    }
    expect(fromHere).toEqual([
      {
        words: "a'b",
        count: 42,
        yes: false,
        doc: { a: [1, "b"] },
        stamp: expect.anything(),
        ids,
        nothing: null,
      },
    ]);
    const kept = await threaded.executeSql(
      "select count(*)::int as n from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(kept.rows).toEqual([{ n: 1 }]);
  });

  it("keeps at most a hundred statements prepared, letting the least recently used go", async () => {
    for (let i = 0; i < 150; i++) {
      const { rows } = await threaded.executeSql(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    const { rows } = await threaded.executeSql(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(101);
    expect((await threaded.executeSql("select $1::int + 0 as n", [5])).rows).toEqual([{ n: 5 }]);
  });

  it("prepares a statement again once its table has changed shape", async () => {
    await threaded.executeSql("create table reshaped (id int)");
    await threaded.executeSql("insert into reshaped values ($1)", [1]);
    const select = "select * from reshaped where id = $1";
    expect((await threaded.executeSql(select, [1])).rows).toEqual([{ id: 1 }]);
    await threaded.executeSql("alter table reshaped add column label text default 'x'");
    expect((await threaded.executeSql(select, [1])).rows).toEqual([{ id: 1, label: "x" }]);
  });

  it("keeps statements prepared in a failed or rolled-back transaction usable after it", async () => {
    const id = randomUUID();
    const insert = "insert into affiliate_users (id, name, email) values ($1, $2, $3)";
    await threaded.executeSql(insert, [id, "First", "first@x.example"]);
    const lookUp = "select name from affiliate_users where id = $1 and email like $2";
    await expect(
      threaded.transaction(async (tx) => {
        expect((await tx.executeSql(lookUp, [id, "%"])).rows).toEqual([{ name: "First" }]);
        await tx.executeSql(insert, [id, "Again", "again@x.example"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      threaded.executeSql("selec name from affiliate_users where id = $1", [id]),
    ).rejects.toMatchObject({ code: "42601" });
    expect((await threaded.executeSql(lookUp, [id, "%"])).rows).toEqual([{ name: "First" }]);
    const other = randomUUID();
    await threaded.executeSql(insert, [other, "Other", "other@x.example"]);
    expect((await threaded.executeSql(lookUp, [other, "%"])).rows).toEqual([{ name: "Other" }]);
  });

  it("hears NOTIFY on a listened channel until it stops listening", async () => {
    let heard = 0;
    const stop = await threaded.listen("thread_channel", () => (heard += 1));
    await threaded.executeSql("select pg_notify('thread_channel', '')");
    await vi.waitFor(() => expect(heard).toBe(1));
    await stop();
    await threaded.executeSql("select pg_notify('thread_channel', '')");
    await threaded.ping();
    expect(heard).toBe(1);
  });

  it("dumps its folder with the counts read alongside", async () => {
    const { tarball, read } = await threaded.dumpDataDir!(async (executeSql) => {
      const { rows } = await executeSql("select count(*)::int as users from affiliate_users");
      return rows[0]!.users;
    });
    expect(read).toBeGreaterThan(0);
    expect(tarball.size).toBeGreaterThan(1_000_000);
  });

  it("refuses a folder PGlite cannot open, as PGlite.create would", async () => {
    const notAFolder = path.join(folder, "a-file");
    writeFileSync(notAFolder, "not a database");
    await expect(openPGliteThread(notAFolder, {})).rejects.toThrow();
  });

  it("keeps this thread free while a statement runs", async () => {
    let turns = 0;
    let running = true;
    const count = () => {
      turns += 1;
      if (running) setImmediate(count);
    };
    setImmediate(count);
    const { rows } = await threaded.executeSql(
      "select count(*)::int as n from generate_series(1, $1::int)",
      [2_000_000],
    );
    running = false;
    expect(rows).toEqual([{ n: 2_000_000 }]);
    // PGlite in this thread runs the whole statement inside one turn.
    expect(turns).toBeGreaterThan(10);
  });
});
