import cluster from "node:cluster";
import path from "node:path";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { ensureCompanySettings, ensureVisualizerCatalogue, seedDemoContent } from "~/db/seed";
import { closeEventWriter } from "~/modules/analytics/event-writer.server";
import { startBackupService, type BackupService } from "~/modules/backups/backups.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { stopRedirects } from "~/modules/redirects/redirect-engine.server";
import { countStaff, ensureFirstAdmin } from "~/modules/staff/staff.server";
import { seedWebhookEndpointFromConfig } from "~/modules/webhooks/webhooks.server";
import { loadConfig, loadDotEnv, type Config } from "./config.server";
import { startIdleCollection, type IdleCollection } from "./idle-collection.server";
import { createLogger, type Logger } from "./logger.server";
import { forgetContentCopies } from "./content-copies.server";
import { PAGE_CACHE_CHANNEL } from "./page-cache-policy";

/** The running services every request uses. One per process. */
export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  jobs: Jobs;
  contentChanges: ContentChanges;
  /** The embedded database's backups (docs/decisions/017); none on PostgreSQL. */
  backups?: BackupService;
}

/**
 * "Something a public page shows has changed", from this or any other instance (a NOTIFY
 * sent with the audit record, docs/decisions/015-page-cache.md). The copies this process
 * keeps of the company profile and the redirect rules are dropped first
 * (content-copies.server.ts), so a page rendered next is rendered from the new content;
 * then each subscriber hears of it.
 */
export interface ContentChanges {
  /** False when the database could not be listened to: copies must not be kept long. */
  readonly listening: boolean;
  subscribe(listener: () => void): void;
}

async function listenForContentChanges(database: DatabaseHandle, logger: Logger) {
  const listeners = new Set<() => void>();
  const changed = () => {
    forgetContentCopies(database.db);
    for (const listener of listeners) listener();
  };
  let listening = true;
  try {
    await database.listen(PAGE_CACHE_CHANNEL, changed);
  } catch (err) {
    listening = false;
    logger.error({ err }, "listening for content changes failed");
  }
  return {
    listening,
    subscribe: (listener: () => void) => void listeners.add(listener),
  } satisfies ContentChanges;
}

// Kept on globalThis so the development server's module reloads reuse one database.
const holder = globalThis as typeof globalThis & {
  __lumenRuntime?: Promise<Runtime>;
  __lumenIdleCollection?: IdleCollection;
};

/** Starts the services once; later calls return the same runtime. */
export function startRuntime(config?: Config): Promise<Runtime> {
  holder.__lumenRuntime ??= boot(config ?? configFromEnvironment()).catch((error: unknown) => {
    holder.__lumenRuntime = undefined;
    throw error;
  });
  return holder.__lumenRuntime;
}

export const getRuntime = (): Promise<Runtime> => startRuntime();

/**
 * Adds the redirect hits counted in memory, stores the analytics events waiting, stops the
 * job queue, then closes the database.
 */
export async function stopRuntime(): Promise<void> {
  const pending = holder.__lumenRuntime;
  if (!pending) return;
  holder.__lumenRuntime = undefined;
  holder.__lumenIdleCollection?.stop();
  holder.__lumenIdleCollection = undefined;
  const runtime = await pending;
  await stopRedirects(runtime.db).catch((err: unknown) =>
    runtime.logger.error({ err }, "saving redirect hits"),
  );
  await closeEventWriter(runtime.db).catch((err: unknown) =>
    runtime.logger.error({ err }, "storing analytics events"),
  );
  await runtime.jobs.stop().catch((err: unknown) => runtime.logger.error({ err }, "stopping jobs"));
  await runtime.backups
    ?.stop()
    .catch((err: unknown) => runtime.logger.error({ err }, "stopping backups"));
  await runtime.database.close();
}

function configFromEnvironment(): Config {
  loadDotEnv();
  return loadConfig();
}

async function boot(config: Config): Promise<Runtime> {
  const logger = createLogger({
    level: config.logLevel,
    pretty: config.nodeEnv === "development" && process.stdout.isTTY,
    serverProcess: cluster.worker?.id,
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: "postgres", url: config.databaseUrl }
      : { driver: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  let backups: BackupService | undefined;
  try {
    await database.migrate();
    const fresh = await ensureCompanySettings(database.db);
    // A new embedded database gets the demo content; PostgreSQL is seeded on demand.
    if (fresh && database.driver === "pglite") await seedDemoContent(database.db);
    await ensureVisualizerCatalogue(database.db);
    await seedWebhookEndpointFromConfig(database, {
      url: config.leadWebhookUrl,
      secret: config.leadWebhookSecret,
    });
    backups =
      database.driver === "pglite"
        ? startBackupService({ database, dataDir: config.dataDir, logger })
        : undefined;
    const jobs = await startJobs(database, logger, {
      backups,
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      allowPrivateWebhookTargets: config.webhookAllowPrivateTargets,
      posthog:
        config.posthogHost && config.posthogApiKey
          ? { host: config.posthogHost, apiKey: config.posthogApiKey }
          : undefined,
      visualizerProvider: config.visualizerProvider,
      visualizerRetryDelaySeconds: config.visualizerRetryDelaySeconds,
    });
    await ensureFirstAdmin({
      database,
      boss: jobs.boss,
      config,
      logger,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    }).catch(async (error: unknown) => {
      // Another instance starting at the same moment may have created it first.
      if ((await countStaff(database.db)) === 0) throw error;
    });
    // The production server gives a burst's memory back once idle (docs/decisions/018).
    if (config.nodeEnv === "production") {
      holder.__lumenIdleCollection ??= startIdleCollection(({ freedBytes, ms }) =>
        logger.debug({ freedMb: Math.round(freedBytes / 1048576), ms }, "memory collected"),
      );
    }
    logger.info(
      { driver: database.driver, seeded: fresh, publicUrl: config.publicUrl.origin },
      "services started",
    );
    const contentChanges = await listenForContentChanges(database, logger);
    return { config, logger, database, db: database.db, jobs, contentChanges, backups };
  } catch (error) {
    await backups?.stop().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
