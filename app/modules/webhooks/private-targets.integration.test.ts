import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import type { RetryPolicy } from "~/modules/jobs/retry-policy";
import { createLogger } from "~/modules/platform/logger.server";
import { METADATA_TARGET_REFUSED, PRIVATE_TARGET_REFUSED } from "./target-guard.server";
import {
  insertLead,
  startReceiver,
  useOnlyEndpoint,
  waitFor,
  type Receiver,
} from "./test-support.server";
import { enqueueLeadDeliveries, LEAD_WEBHOOK_QUEUE } from "./webhooks.server";

// Fast retries, so a delivery that were retried would show it within the test.
const policy: RetryPolicy = { baseDelayMs: 100, maxDelayMs: 200, giveUpAfterMs: 60_000, jitter: 0 };

let database: TestDatabase;
let jobs: Jobs;
let peer: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  // The default setting: private targets are not allowed.
  jobs = await startJobs(database, createLogger({ level: "silent" }), {
    publicUrl: new URL("https://www.lumenbath.example"),
    retryPolicy: policy,
    pollingIntervalSeconds: 0.5,
  });
  peer = await startReceiver();
});

afterAll(async () => {
  await jobs?.stop();
  await peer?.close();
  await database?.destroy();
});

describe("deliveries to private and loopback addresses, by default", () => {
  it.each([
    ["127.0.0.1", (port: number) => `http://127.0.0.1:${port}/hooks/lead`, PRIVATE_TARGET_REFUSED],
    [
      "a name resolving to 127.0.0.1",
      (port: number) => `http://localhost:${port}/hooks/lead`,
      PRIVATE_TARGET_REFUSED,
    ],
    ["[::1]", (port: number) => `http://[::1]:${port}/hooks/lead`, PRIVATE_TARGET_REFUSED],
    [
      "[::ffff:127.0.0.1]",
      (port: number) => `http://[::ffff:127.0.0.1]:${port}/hooks/lead`,
      PRIVATE_TARGET_REFUSED,
    ],
    ["169.254.169.254", () => "http://169.254.169.254/latest/meta-data/", METADATA_TARGET_REFUSED],
    ["10.0.0.1", () => "http://10.0.0.1:8080/hooks/lead", PRIVATE_TARGET_REFUSED],
  ])("to %s: refused without connecting, failed, not retried", async (_target, urlOf, reason) => {
    await useOnlyEndpoint(database.db, urlOf(peer.port), "receiver-shared-secret-0123456789");
    const lead = await submitLead();

    const delivery = await waitFor(async () => {
      const row = await deliveryOf(lead.id);
      return row.status === "failed" ? row : undefined;
    }, "the delivery to fail");
    expect(delivery).toMatchObject({ attempts: 1, lastError: reason, deliveredAt: null });
    const attempts = await database.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id))
      .orderBy(asc(webhookAttempts.id));
    expect(attempts).toMatchObject([{ attemptNumber: 1, statusCode: null, error: reason }]);
    expect(await waitingJobs(delivery.id)).toBe(0);
    // Longer than the first retry's delay: still one attempt.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await deliveryOf(lead.id)).attempts).toBe(1);

    expect(peer.connections()).toBe(0);
    expect(peer.receipts).toHaveLength(0);
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
  if (!row) throw new Error("no delivery");
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
