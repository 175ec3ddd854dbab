import { asc, eq, getTableName, sql } from "drizzle-orm";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { leads, webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import type { Lead, WebhookAttempt, WebhookDelivery } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs, type JobsOptions } from "~/modules/jobs/jobs.server";
import type { Outbox, OutboxTable } from "~/modules/outbox/outbox.server";
import type { RetryPolicy } from "~/modules/outbox/retry-policy";
import { createLogger } from "~/modules/platform/logger.server";
import { enqueueLeadDeliveries, webhookOutbox } from "./webhooks.server";

/**
 * Real peers and fixtures for the delivery tests (webhooks and mail): a local HTTP
 * receiver, lead rows and endpoints, the job queue and its jobs. Not used by the product.
 */

/** Retries fast enough to happen within a test; no giving up unless a test asks for it. */
export const testRetryPolicy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  baseDelayMs: 100,
  maxDelayMs: 400,
  giveUpAfterMs: 120_000,
  jitter: 0,
  ...overrides,
});

/** The job queue with its workers, polling fast and logging nothing. */
export function startTestJobs(
  database: DatabaseHandle,
  options: Partial<JobsOptions> = {},
): Promise<Jobs> {
  return startJobs(database, createLogger({ level: "silent" }), {
    publicUrl: new URL("https://www.lumenbath.example/"),
    retryPolicy: testRetryPolicy(),
    pollingIntervalSeconds: 0.5,
    ...options,
  });
}

/** What a process that died mid-attempt leaves of an outbox row: sending, long ago. */
export const interruptedAttempt = () => ({
  status: "sending" as const,
  attempts: 1,
  lastAttemptAt: sql`now() - interval '5 minutes'`,
});

/**
 * A test database with the job queue running, receivers that close with it, and the lead
 * deliveries as tests see them.
 */
export interface DeliveryTestWorld {
  database: TestDatabase;
  jobs: Jobs;
  startReceiver(...args: Parameters<typeof startReceiver>): Promise<Receiver>;
  /** Disables every endpoint and adds one enabled endpoint; returns its id. */
  useOnlyEndpoint(url: string, secret?: string | null): Promise<number>;
  /** Stores a lead and queues its deliveries in one transaction, as the lead form does. */
  submitLead(
    overrides?: Partial<typeof leads.$inferInsert>,
  ): Promise<{ lead: Lead; queued: number }>;
  /** The delivery of a lead (to the one enabled endpoint). */
  deliveryOf(leadId: string): Promise<WebhookDelivery>;
  /** Every attempt of a delivery, oldest first. */
  attemptsOf(deliveryId: string): Promise<WebhookAttempt[]>;
  /** Jobs of a delivery still waiting to run. */
  waitingJobs(deliveryId: string): Promise<number>;
  close(): Promise<void>;
}

export async function startDeliveryTestWorld(
  options: Partial<JobsOptions> = {},
): Promise<DeliveryTestWorld> {
  const database = await createTestDatabase();
  const jobs = await startTestJobs(database, options);
  const receivers: Receiver[] = [];
  return {
    database,
    jobs,
    startReceiver: async (...args) => {
      const receiver = await startReceiver(...args);
      receivers.push(receiver);
      return receiver;
    },
    useOnlyEndpoint: (url, secret) => useOnlyEndpoint(database.db, url, secret),
    submitLead: (overrides = {}) =>
      database.transaction(async (tx) => {
        const lead = await insertLead(tx.db, overrides);
        const queued = await enqueueLeadDeliveries(tx, jobs.boss, [lead.id]);
        return { lead, queued };
      }),
    deliveryOf: async (leadId) => {
      const [delivery] = await database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.leadId, leadId));
      if (!delivery) throw new Error("no delivery");
      return delivery;
    },
    attemptsOf: (deliveryId) =>
      database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId))
        .orderBy(asc(webhookAttempts.id)),
    waitingJobs: (deliveryId) => waitingJobs(database, webhookOutbox, deliveryId),
    close: async () => {
      await jobs.stop();
      await Promise.all(receivers.map((receiver) => receiver.close()));
      await database.destroy();
    },
  };
}

/** Jobs of an outbox row still waiting to run. */
export async function waitingJobs<T extends OutboxTable>(
  database: Pick<DatabaseHandle, "executeSql">,
  outbox: Outbox<T>,
  id: string,
): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from pgboss.job
      where name = $1 and data->>$2 = $3 and state in ('created', 'retry')`,
    [outbox.kind.queue, outbox.kind.jobKey, id],
  );
  return Number(rows[0]?.count);
}

/** Jobs of an outbox that name no stored row (left by a rolled-back transaction). */
export async function jobsWithoutRow<T extends OutboxTable>(
  database: Pick<DatabaseHandle, "executeSql">,
  outbox: Outbox<T>,
): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from pgboss.job j
      where j.name = $1
        and not exists (select 1 from "${getTableName(outbox.kind.table)}" r where r.id::text = j.data->>$2)`,
    [outbox.kind.queue, outbox.kind.jobKey],
  );
  return Number(rows[0]?.count);
}

export interface Receipt {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A status, or a status with headers (a redirect's Location). */
export type Answer = number | { status: number; headers: Record<string, string> };

export interface Receiver {
  url: string;
  port: number;
  receipts: Receipt[];
  /** TCP connections accepted, requests or not. */
  connections(): number;
  /** Receipts answered with a 2xx status. */
  successes(): Receipt[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that records every request and answers with the status
 * `respond` picks (by the request's position, starting at 0).
 */
export async function startReceiver(
  respond: (request: Omit<Receipt, "status">, index: number) => Answer = () => 200,
  port = 0,
): Promise<Receiver> {
  const receipts: Receipt[] = [];
  let index = 0;
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      const answer = respond(received, index++);
      const { status, headers } = typeof answer === "number" ? { status: answer } : answer;
      receipts.push({ ...received, status });
      response
        .writeHead(status, { "Content-Type": "text/plain", ...headers })
        .end(`status ${status}`);
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    // The query string stands for the tokens some receivers put in their URLs.
    url: `http://127.0.0.1:${actualPort}/hooks/lead?token=receiver-token`,
    port: actualPort,
    receipts,
    connections: () => connections,
    successes: () => receipts.filter((receipt) => receipt.status >= 200 && receipt.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP port that was free a moment ago (nothing listens on it now). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let leadCount = 0;

/** A lead row with every required column filled. */
export async function insertLead(
  db: Pick<Database, "insert">,
  overrides: Partial<typeof leads.$inferInsert> = {},
): Promise<Lead> {
  leadCount += 1;
  const [lead] = await db
    .insert(leads)
    .values({
      firstName: "Ada",
      lastName: `Tester${leadCount}`,
      email: `ada${leadCount}@example.com`,
      phone: "+16175550142",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      tracking: {},
      channel: "form",
      ...overrides,
    })
    .returning();
  if (!lead) throw new Error("lead not inserted");
  return lead;
}

/** Disables every endpoint and adds one enabled endpoint; returns its id. */
export async function useOnlyEndpoint(
  db: Database,
  url: string,
  secret: string | null = null,
): Promise<number> {
  await db.update(webhookEndpoints).set({ enabled: false });
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url, secret, enabled: true })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) throw new Error("endpoint not inserted");
  return endpoint.id;
}

/** Polls `check` until it returns something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
