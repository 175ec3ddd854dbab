import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { createLogger } from "~/modules/platform/logger.server";
import { lastHousekeepingRun, runHousekeeping } from "./housekeeping.server";
import { startJobs, type Jobs } from "./jobs.server";

let database: TestDatabase;
let jobs: Jobs | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await jobs?.stop();
  await database.destroy();
});

describe("job queue", () => {
  it("starts on the product's database and runs housekeeping on its own", async () => {
    expect(await lastHousekeepingRun(database.db)).toBeNull();
    jobs = await startJobs(database, createLogger({ level: "silent" }), {
      publicUrl: new URL("http://localhost:3000"),
      pollingIntervalSeconds: 0.5,
    });
    await jobs.ping();
    const deadline = Date.now() + 20_000;
    let ran: Date | null = null;
    while (!ran && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ran = await lastHousekeepingRun(database.db);
    }
    expect(ran).toBeInstanceOf(Date);
  });

  it("keeps only the most recent housekeeping records", async () => {
    for (let i = 0; i < 205; i++) await runHousekeeping(database.db);
    const { rows } = await database.executeSql(
      "select count(*)::int as count from housekeeping_runs",
    );
    expect(Number(rows[0]?.count)).toBeLessThanOrEqual(201);
  });

  it("deletes rate-limit counters whose window began more than a day ago", async () => {
    await database.executeSql(
      `insert into rate_limit_counters (key, window_start, count) values
         ('lead:old', now() - interval '25 hours', 3),
         ('lead:recent', now() - interval '23 hours', 2),
         ('lead:now', now(), 1)`,
    );
    const results = await runHousekeeping(database.db);
    expect(results.expiredRateLimitCounters).toBe(1);
    const { rows } = await database.executeSql("select key from rate_limit_counters order by key");
    expect(rows.map((row) => row.key)).toEqual(["lead:now", "lead:recent"]);
  });

  it("forgets campaign touches a year after the latest one", async () => {
    await database.executeSql(
      `insert into visitors (first_touch, last_touch, updated_at) values
         ('{"at":"x","landingPath":"/","params":{}}', '{"at":"x","landingPath":"/","params":{}}', now() - interval '366 days'),
         ('{"at":"y","landingPath":"/","params":{}}', '{"at":"y","landingPath":"/","params":{}}', now() - interval '300 days')`,
    );
    const results = await runHousekeeping(database.db);
    expect(results.expiredVisitorTouches).toBe(1);
    const { rows } = await database.executeSql("select count(*)::int as n from visitors");
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it("lists its queues and stops gracefully", async () => {
    const names = (await jobs!.boss.getQueues()).map((queue) => queue.name);
    expect(names).toEqual(
      expect.arrayContaining(["housekeeping", "lead-webhook", "mail-send", "delivery-sweep"]),
    );
    await jobs!.stop();
    jobs = undefined;
  });
});
