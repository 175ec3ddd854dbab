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
    jobs = await startJobs(database, createLogger({ level: "silent" }));
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
});
