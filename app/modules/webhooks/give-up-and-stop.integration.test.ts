import { asc, eq } from "drizzle-orm";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import type { RetryPolicy } from "~/modules/jobs/retry-policy";
import { createLogger } from "~/modules/platform/logger.server";
import {
  insertLead,
  startReceiver,
  useOnlyEndpoint,
  waitFor,
  type Receiver,
} from "./test-support.server";
import { enqueueLeadDeliveries, LEAD_WEBHOOK_QUEUE } from "./webhooks.server";

// The default policy scaled down: give up once the first attempt is 1.5 s old.
const policy: RetryPolicy = { baseDelayMs: 100, maxDelayMs: 200, giveUpAfterMs: 1500, jitter: 0.1 };

let database: TestDatabase;
let jobs: Jobs;
let peer: Receiver;
// Takes requests and never answers them.
const silent = createServer(() => {});

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs(database, createLogger({ level: "silent" }), {
    publicUrl: new URL("http://localhost:3000"),
    retryPolicy: policy,
    pollingIntervalSeconds: 0.5,
    // The receivers here listen on 127.0.0.1.
    allowPrivateWebhookTargets: true,
  });
  peer = await startReceiver(() => 503);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
});

afterAll(async () => {
  await jobs?.stop();
  await peer?.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await database?.destroy();
});

describe("giving up", () => {
  it("marks a delivery failed once its first attempt is older than the policy allows", async () => {
    await useOnlyEndpoint(database.db, peer.url);
    const lead = await submitLead();
    const delivery = await waitFor(async () => {
      const row = await deliveryOf(lead.id);
      return row?.status === "failed" ? row : undefined;
    }, "the delivery to fail");

    expect(delivery.lastError).toMatch(/^gave up after \d+ attempts: HTTP 503/);
    const attempts = await database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id))
      .orderBy(asc(webhookAttempts.id));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBe(delivery.attempts);
    expect(attempts.every((attempt) => attempt.statusCode === 503)).toBe(true);
    // Not given up early (the last row is written just before the age is checked).
    const span = attempts.at(-1)!.createdAt.getTime() - attempts[0]!.createdAt.getTime();
    expect(span).toBeGreaterThanOrEqual(policy.giveUpAfterMs - 100);
    expect(peer.successes()).toHaveLength(0);

    expect(await waitingJobs(delivery.id)).toBe(0);
  });
});

describe("stopping", () => {
  it("cuts an attempt in flight short and queues it again", async () => {
    const { port } = silent.address() as AddressInfo;
    await useOnlyEndpoint(database.db, `http://127.0.0.1:${port}/hooks/lead`);
    const lead = await submitLead();
    const sending = await waitFor(async () => {
      const row = await deliveryOf(lead.id);
      return row?.status === "sending" ? row : undefined;
    }, "the attempt to start");

    await jobs.stop();

    const delivery = await deliveryOf(lead.id);
    expect(delivery).toMatchObject({
      id: sending.id,
      status: "pending",
      lastError: "interrupted: the server was shutting down",
    });
    const attempts = await database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, sending.id));
    expect(attempts).toMatchObject([{ attemptNumber: 1, statusCode: null }]);
    // The next process picks it up.
    expect(await waitingJobs(sending.id)).toBe(1);
  });
});

async function submitLead() {
  return database.transaction(async (tx) => {
    const stored = await insertLead(tx.db);
    await enqueueLeadDeliveries(tx, jobs.boss, stored.id);
    return stored;
  });
}

async function deliveryOf(leadId: string) {
  const [row] = await database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.leadId, leadId));
  return row;
}

async function waitingJobs(deliveryId: string): Promise<number> {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from pgboss.job
      where name = $1 and data->>'deliveryId' = $2 and state in ('created', 'retry')`,
    [LEAD_WEBHOOK_QUEUE, deliveryId],
  );
  return Number(rows[0]?.count);
}
