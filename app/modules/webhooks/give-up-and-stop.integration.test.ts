import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliveryTestWorld, testRetryPolicy, waitFor } from "./test-support.server";
import type { DeliveryTestWorld, Receiver } from "./test-support.server";

// The default policy scaled down: give up once the first attempt is 1.5 s old.
const policy = testRetryPolicy({ maxDelayMs: 200, giveUpAfterMs: 1500, jitter: 0.1 });

let world: DeliveryTestWorld;
let peer: Receiver;
// Takes requests and never answers them.
const silent = createServer(() => {});

beforeAll(async () => {
  // The receivers here listen on 127.0.0.1.
  world = await startDeliveryTestWorld({ retryPolicy: policy, allowPrivateWebhookTargets: true });
  peer = await world.startReceiver(() => 503);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await world?.close();
});

describe("giving up", () => {
  it("marks a delivery failed once its first attempt is older than the policy allows", async () => {
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead();
    const delivery = await waitFor(async () => {
      const row = await world.deliveryOf(lead.id);
      return row.status === "failed" ? row : undefined;
    }, "the delivery to fail");

    expect(delivery.lastError).toMatch(/^gave up after \d+ attempts: HTTP 503/);
    const attempts = await world.attemptsOf(delivery.id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBe(delivery.attempts);
    expect(attempts.every((attempt) => attempt.statusCode === 503)).toBe(true);
    // Not given up early (the last row is written just before the age is checked).
    const span = attempts.at(-1)!.createdAt.getTime() - attempts[0]!.createdAt.getTime();
    expect(span).toBeGreaterThanOrEqual(policy.giveUpAfterMs - 100);
    expect(peer.successes()).toHaveLength(0);

    expect(await world.waitingJobs(delivery.id)).toBe(0);
  });
});

describe("stopping", () => {
  it("cuts an attempt in flight short and queues it again", async () => {
    const { port } = silent.address() as AddressInfo;
    await world.useOnlyEndpoint(`http://127.0.0.1:${port}/hooks/lead`);
    const { lead } = await world.submitLead();
    const sending = await waitFor(async () => {
      const row = await world.deliveryOf(lead.id);
      return row.status === "sending" ? row : undefined;
    }, "the attempt to start");

    await world.jobs.stop();

    const delivery = await world.deliveryOf(lead.id);
    expect(delivery).toMatchObject({
      id: sending.id,
      status: "pending",
      lastError: "interrupted: the server was shutting down",
    });
    const attempts = await world.attemptsOf(sending.id);
    expect(attempts).toMatchObject([{ attemptNumber: 1, statusCode: null }]);
    // The next process picks it up.
    expect(await world.waitingJobs(sending.id)).toBe(1);
  });
});
