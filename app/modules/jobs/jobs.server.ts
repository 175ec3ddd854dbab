import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import {
  createMailTransport,
  MAIL_QUEUE,
  mailOutbox,
  sendClaimedMail,
  type MailContext,
} from "~/modules/mail/mail.server";
import type {
  Outbox,
  OutboxContext,
  OutboxTable,
  SweepResult,
} from "~/modules/outbox/outbox.server";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "~/modules/outbox/retry-policy";
import type { Logger } from "~/modules/platform/logger.server";
import { deliverClaimedWebhook, type DeliveryContext } from "~/modules/webhooks/delivery.server";
import { LEAD_WEBHOOK_QUEUE, webhookOutbox } from "~/modules/webhooks/webhooks.server";
import { publishDuePosts } from "~/modules/content/post-bulk.server";
import { approveDueCommissions } from "~/modules/affiliates/commissions.server";
import { forwardEvents, type PosthogTarget } from "~/modules/analytics/forward.server";
import { rollUpExpiredEvents } from "~/modules/analytics/retention.server";
import { runHousekeeping } from "./housekeeping.server";
import { staggered } from "./stagger";
import type { BackupService } from "~/modules/backups/backups.server";
import type { RenderProvider } from "~/modules/visualizer/render-provider.server";
import { runRenderJob, VISUALIZER_RENDER_QUEUE } from "~/modules/visualizer/renders.server";

const QUEUES = {
  housekeeping: "housekeeping",
  leadWebhook: LEAD_WEBHOOK_QUEUE,
  mailSend: MAIL_QUEUE,
  deliverySweep: "delivery-sweep",
  publishDuePosts: "publish-due-posts",
  approveDueCommissions: "approve-due-commissions",
  analyticsRetention: "analytics-retention",
  analyticsForward: "analytics-forward",
  visualizerRender: VISUALIZER_RENDER_QUEUE,
  nightlyBackup: "nightly-backup",
} as const;

/** 07:00 UTC: 2 or 3 in the morning in New York, when the site is quietest (decision 017). */
const NIGHTLY_BACKUP_CRON = "0 7 * * *";

/** Daily, in the small hours in New York (docs/decisions/013). */
const ANALYTICS_RETENTION_CRON = "30 8 * * *";

/** Every 15 minutes; also run once at each start. */
const HOUSEKEEPING_CRON = "*/15 * * * *";
/** Every minute: the finest a pg-boss schedule goes. */
const SWEEP_CRON = "* * * * *";
/**
 * Deliveries (and messages) one worker takes at a time, and how many workers each queue
 * has in a process. pg-boss waits out the polling interval after every batch, even a full
 * one, and a batch's jobs start staggered (./stagger.ts), so throughput is workers x batch
 * / (interval + the batch's run): with quick receivers, for webhooks 4 x 25 / about 0.6 s
 * and for mail 2 x 25 / about 0.6 s (docs/decisions/018); independent workers also keep
 * one slow receiver from holding up the rest.
 */
const BATCH_SIZE = 25;
const WEBHOOK_WORKERS = 4;
const MAIL_WORKERS = 2;

/** The job queue, as module functions that enqueue work receive it. */
export type JobQueue = PgBoss;

export interface Jobs {
  boss: JobQueue;
  ping(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** SMTP_URL; without it mail is kept in the database instead of sent. */
  smtpUrl?: string;
  /** PUBLIC_URL: its host is the sender's mail domain. */
  publicUrl: URL;
  retryPolicy?: RetryPolicy;
  /** How often an idle worker looks for jobs (pg-boss allows 0.5 at the least). */
  pollingIntervalSeconds?: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: deliver to loopback and private addresses too. */
  allowPrivateWebhookTargets?: boolean;
  /** POSTHOG_HOST and POSTHOG_API_KEY: stored analytics events are forwarded there. */
  posthog?: PosthogTarget;
  /** VISUALIZER_PROVIDER_URL and _KEY: the image service that redraws visitors' photos. */
  visualizerProvider?: RenderProvider;
  /** Seconds before a failed redraw is tried again (tests shorten it). */
  visualizerRetryDelaySeconds?: number;
  /** The embedded database's backups: a nightly one, the last 14 kept (docs/decisions/017). */
  backups?: Pick<BackupService, "runNightly">;
}

/** Held while an instance sets up its queues (see `startJobs`). */
const JOBS_SETUP_LOCK_ID = 7_310_042_002;

/**
 * The durable job queue (pg-boss) on the product's own database: its own pool on
 * PostgreSQL, the shared PGlite connection on the embedded database.
 *
 * pg-boss creates a queue with DDL that deadlocks against another instance creating queues
 * at the same moment (instances started together on a new database): on PostgreSQL the
 * instances set up their queues in turn.
 */
export async function startJobs(
  database: DatabaseHandle,
  logger: Logger,
  options: JobsOptions,
): Promise<Jobs> {
  if (database.driver !== "postgres") return setUpJobs(database, logger, options);
  return database.transaction(async (tx) => {
    await tx.executeSql("select pg_advisory_xact_lock($1)", [JOBS_SETUP_LOCK_ID]);
    return setUpJobs(database, logger, options);
  });
}

async function setUpJobs(
  database: DatabaseHandle,
  logger: Logger,
  options: JobsOptions,
): Promise<Jobs> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const boss =
    database.driver === "postgres"
      ? new PgBoss({
          connectionString: database.url,
          max: 4,
          application_name: "lumen-jobs",
          pollingIntervalSeconds,
        })
      : new PgBoss({ db: { executeSql: database.executeSql }, pollingIntervalSeconds });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();

  // Aborted on stop, so a webhook attempt in flight ends at once instead of holding it up.
  const shutdown = new AbortController();
  const transport = options.smtpUrl ? createMailTransport(options.smtpUrl) : undefined;
  const outboxContext: OutboxContext = { database, boss, logger, retryPolicy };
  const deliveryContext: DeliveryContext = {
    ...outboxContext,
    allowPrivateTargets: options.allowPrivateWebhookTargets ?? false,
    signal: shutdown.signal,
  };
  const mailContext: MailContext = {
    ...outboxContext,
    transport,
    publicUrl: options.publicUrl,
  };

  await boss.createQueue(QUEUES.housekeeping, { name: QUEUES.housekeeping, policy: "singleton" });
  await boss.work(QUEUES.housekeeping, async () => {
    const results = await runHousekeeping(database.db);
    logger.info({ job: QUEUES.housekeeping, results }, "housekeeping done");
  });
  await boss.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON);
  await boss.send(QUEUES.housekeeping, {});

  // Retries are the handlers' own (a new job per attempt, due at the backoff); pg-boss's
  // retry only re-runs a job whose process stopped mid-attempt.
  for (const name of [QUEUES.leadWebhook, QUEUES.mailSend]) {
    await boss.createQueue(name, { name, policy: "standard", retryLimit: 2, retryDelay: 30 });
  }
  const workOptions = {
    batchSize: BATCH_SIZE,
    pollingIntervalSeconds: Math.min(pollingIntervalSeconds, 0.5),
  };
  /** The workers of one outbox: a batch claims its jobs' rows, then the kind sends each. */
  async function workOutbox<T extends OutboxTable>(
    outbox: Outbox<T>,
    workers: number,
    send: (row: T["$inferSelect"]) => Promise<unknown>,
  ) {
    const { queue } = outbox.kind;
    for (let worker = 0; worker < workers; worker++) {
      await boss.work(queue, workOptions, async (batch) => {
        const claimed = await outbox
          .claimBatch(
            database.db,
            batch.map((job) => job.data),
          )
          .catch((error: unknown) => {
            // Nothing was claimed: pg-boss retries the batch's jobs, and the sweep is behind it.
            logger.error(
              { err: databaseCause(error), job: queue, jobs: batch.length },
              "job failed",
            );
            throw error;
          });
        await eachJob(logger, queue, batch, (job) => claimed.attempt(job.data, send));
      });
    }
  }
  await workOutbox(webhookOutbox, WEBHOOK_WORKERS, (delivery) =>
    deliverClaimedWebhook(deliveryContext, delivery),
  );
  await workOutbox(mailOutbox, MAIL_WORKERS, (message) => sendClaimedMail(mailContext, message));

  await boss.createQueue(QUEUES.deliverySweep, { name: QUEUES.deliverySweep, policy: "stately" });
  await boss.work(QUEUES.deliverySweep, { pollingIntervalSeconds }, (batch) =>
    eachJob(logger, QUEUES.deliverySweep, batch, async () => {
      const results = await sweepStalledWork(database, boss);
      const moved = Object.values(results).some((part) => part.recovered + part.requeued > 0);
      if (moved) logger.info({ job: QUEUES.deliverySweep, results }, "stalled work queued again");
    }),
  );
  await boss.schedule(QUEUES.deliverySweep, SWEEP_CRON);

  // Scheduled posts go out within a minute of their time (docs/REQUIREMENTS.md R10.4).
  await boss.createQueue(QUEUES.publishDuePosts, {
    name: QUEUES.publishDuePosts,
    policy: "stately",
  });
  await boss.work(QUEUES.publishDuePosts, { pollingIntervalSeconds }, (batch) =>
    eachJob(logger, QUEUES.publishDuePosts, batch, async () => {
      const published = await publishDuePosts(database.db);
      if (published.length)
        logger.info({ job: QUEUES.publishDuePosts, published }, "posts published");
    }),
  );
  await boss.schedule(QUEUES.publishDuePosts, SWEEP_CRON);
  await boss.send(QUEUES.publishDuePosts, {});

  // Commissions become payable within a minute of their hold's end.
  await boss.createQueue(QUEUES.approveDueCommissions, {
    name: QUEUES.approveDueCommissions,
    policy: "stately",
  });
  await boss.work(QUEUES.approveDueCommissions, { pollingIntervalSeconds }, (batch) =>
    eachJob(logger, QUEUES.approveDueCommissions, batch, async () => {
      const approved = await database.transaction((tx) => approveDueCommissions(tx.db));
      if (approved.length)
        logger.info(
          { job: QUEUES.approveDueCommissions, approved: approved.length },
          "commissions approved",
        );
    }),
  );
  await boss.schedule(QUEUES.approveDueCommissions, SWEEP_CRON);
  await boss.send(QUEUES.approveDueCommissions, {});

  // Raw analytics events past the retention become daily totals (docs/decisions/013).
  await boss.createQueue(QUEUES.analyticsRetention, {
    name: QUEUES.analyticsRetention,
    policy: "stately",
  });
  await boss.work(QUEUES.analyticsRetention, { pollingIntervalSeconds }, (batch) =>
    eachJob(logger, QUEUES.analyticsRetention, batch, async () => {
      const rolled = await rollUpExpiredEvents(database);
      if (rolled.days)
        logger.info({ job: QUEUES.analyticsRetention, ...rolled }, "events rolled up");
    }),
  );
  await boss.schedule(QUEUES.analyticsRetention, ANALYTICS_RETENTION_CRON);

  // Stored events to PostHog, when configured; never in a visitor's request.
  const { posthog } = options;
  if (posthog) {
    await boss.createQueue(QUEUES.analyticsForward, {
      name: QUEUES.analyticsForward,
      policy: "stately",
    });
    await boss.work(QUEUES.analyticsForward, { pollingIntervalSeconds }, (batch) =>
      eachJob(logger, QUEUES.analyticsForward, batch, async () => {
        const result = await forwardEvents(database.db, posthog, {
          logger,
          signal: shutdown.signal,
        });
        if (result.sent + result.skipped > 0) {
          logger.info({ job: QUEUES.analyticsForward, ...result }, "analytics events forwarded");
        }
      }),
    );
    await boss.schedule(QUEUES.analyticsForward, SWEEP_CRON);
  } else {
    await boss.unschedule(QUEUES.analyticsForward).catch(() => {});
  }

  // Visitors' photos redrawn by the image service (docs/REQUIREMENTS.md R15.5): a job that
  // throws is tried again by the queue; its last attempt marks the render failed instead.
  const { visualizerProvider } = options;
  const visualizerQueue: PgBoss.Queue = {
    name: QUEUES.visualizerRender,
    policy: "standard",
    retryDelay: options.visualizerRetryDelaySeconds ?? 10,
    retryBackoff: options.visualizerRetryDelaySeconds === undefined,
  };
  await boss.createQueue(QUEUES.visualizerRender, visualizerQueue);
  // An existing queue keeps the options it was created with: a changed delay is written.
  await boss.updateQueue(QUEUES.visualizerRender, visualizerQueue);
  if (visualizerProvider) {
    await boss.work<{ renderId: string }>(
      QUEUES.visualizerRender,
      { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        await runRenderJob(
          { database, provider: visualizerProvider, logger },
          {
            renderId: job.data.renderId,
            lastAttempt: job.retryCount >= job.retryLimit,
            signal: shutdown.signal,
          },
        );
      },
    );
  }

  // The embedded database is backed up by the process that holds it; PostgreSQL by its own
  // tools (docs/OPERATIONS.md).
  const { backups } = options;
  if (backups) {
    await boss.createQueue(QUEUES.nightlyBackup, { name: QUEUES.nightlyBackup, policy: "stately" });
    await boss.work(QUEUES.nightlyBackup, { pollingIntervalSeconds }, (batch) =>
      eachJob(logger, QUEUES.nightlyBackup, batch, async () => {
        const { removed } = await backups.runNightly();
        if (removed) logger.info({ job: QUEUES.nightlyBackup, removed }, "old backups removed");
      }),
    );
    await boss.schedule(QUEUES.nightlyBackup, NIGHTLY_BACKUP_CRON);
  } else {
    await boss.unschedule(QUEUES.nightlyBackup).catch(() => {});
  }

  return {
    boss,
    ping: async () => {
      await boss.getQueue(QUEUES.housekeeping);
    },
    stop: async () => {
      shutdown.abort();
      await boss.stop({ graceful: true, timeout: 5000, close: true, wait: true });
      transport?.close();
    },
  };
}

/**
 * Handles each job of a batch on its own: one job's failure neither fails the others nor
 * the batch (the handlers record their own failures and schedule their own retries).
 */
async function eachJob<T>(
  logger: Logger,
  queue: string,
  batch: PgBoss.Job<T>[],
  handle: (job: PgBoss.Job<T>) => Promise<unknown>,
): Promise<void> {
  const results = await Promise.allSettled(staggered(batch, handle));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      logger.error(
        { err: databaseCause(result.reason), job: queue, jobId: batch[index]?.id },
        "job failed",
      );
    }
  });
}

/**
 * The database's own error rather than Drizzle's wrapper, whose message lists the query's
 * parameters (which may hold personal data).
 */
function databaseCause(error: unknown): Record<string, string | undefined> {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return { name: "Error", message: String(cause) };
  const { name, message, stack } = cause;
  return { name, message, stack, code: (cause as { code?: string }).code };
}

/** Requeues deliveries and mail whose attempt was interrupted or whose job was lost. */
export async function sweepStalledWork(
  database: Pick<DatabaseHandle, "transaction">,
  boss: JobQueue,
): Promise<{ deliveries: SweepResult; mail: SweepResult }> {
  return {
    deliveries: await webhookOutbox.sweep(database, boss),
    mail: await mailOutbox.sweep(database, boss),
  };
}
