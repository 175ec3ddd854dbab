import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import type { Logger } from "~/modules/platform/logger.server";
import { runHousekeeping } from "./housekeeping.server";

export const QUEUES = { housekeeping: "housekeeping" } as const;

/** Every 15 minutes; also run once at each start. */
const HOUSEKEEPING_CRON = "*/15 * * * *";

export interface Jobs {
  boss: PgBoss;
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The durable job queue (pg-boss) on the product's own database: its own pool on
 * PostgreSQL, the shared PGlite connection on the embedded database.
 */
export async function startJobs(database: DatabaseHandle, logger: Logger): Promise<Jobs> {
  const boss =
    database.driver === "postgres"
      ? new PgBoss({ connectionString: database.url, max: 4, application_name: "lumen-jobs" })
      : new PgBoss({ db: { executeSql: database.executeSql } });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();

  await boss.createQueue(QUEUES.housekeeping, { name: QUEUES.housekeeping, policy: "singleton" });
  await boss.work(QUEUES.housekeeping, async () => {
    const results = await runHousekeeping(database.db);
    logger.info({ job: QUEUES.housekeeping, results }, "housekeeping done");
  });
  await boss.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON);
  await boss.send(QUEUES.housekeeping, {});

  return {
    boss,
    ping: async () => {
      await boss.getQueue(QUEUES.housekeeping);
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5000, close: true, wait: true });
    },
  };
}
