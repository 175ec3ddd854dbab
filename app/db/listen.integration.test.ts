import { describe, expect, it, vi } from "vitest";
import { testDatabaseForFile } from "./test-database.server";

/** LISTEN/NOTIFY, which empties every instance's page cache (docs/decisions/015). */

const database = testDatabaseForFile();
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

describe("listening for notifications", () => {
  it("hears each NOTIFY on its channel only, until stopped", async () => {
    const heard: string[] = [];
    const stopA = await database.listen("test_channel_a", () => heard.push("a"));
    const stopB = await database.listen("test_channel_b", () => heard.push("b"));
    await database.executeSql("select pg_notify('test_channel_a', '')");
    await database.executeSql("select pg_notify('test_channel_b', 'x')");
    await vi.waitFor(() => expect(heard.sort()).toEqual(["a", "b"]));
    await stopA();
    await database.executeSql("select pg_notify('test_channel_a', '')");
    await database.executeSql("select pg_notify('test_channel_b', '')");
    await vi.waitFor(() => expect(heard.sort()).toEqual(["a", "b", "b"]));
    await stopB();
  });

  it.runIf(onPostgres)(
    "on PostgreSQL, comes back after losing its connection and says so, since it may have missed some",
    async () => {
      let heard = 0;
      const stop = await database.listen("test_channel_c", () => (heard += 1));
      try {
        const cut = await database.executeSql(
          "select pg_terminate_backend(pid) as cut from pg_stat_activity where query = 'listen test_channel_c'",
        );
        expect(cut.rows).toHaveLength(1);
        // Re-opened: one call for what may have been missed.
        await vi.waitFor(() => expect(heard).toBe(1), { timeout: 5000 });
        await database.executeSql("select pg_notify('test_channel_c', '')");
        await vi.waitFor(() => expect(heard).toBe(2));
      } finally {
        await stop();
      }
    },
  );

  it.runIf(onPostgres)("refuses a channel name that is not a plain identifier", async () => {
    await expect(database.listen("bad; drop table leads", () => {})).rejects.toThrow(/channel/);
  });
});
