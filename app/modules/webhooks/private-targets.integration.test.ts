import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METADATA_TARGET_REFUSED, PRIVATE_TARGET_REFUSED } from "./target-guard.server";
import { startDeliveryTestWorld, waitFor, type DeliveryTestWorld } from "./test-support.server";
import type { Receiver } from "./test-support.server";

let world: DeliveryTestWorld;
let peer: Receiver;

beforeAll(async () => {
  // The default setting: private targets are not allowed. Retries are fast, so a delivery
  // that were retried would show it within the test.
  world = await startDeliveryTestWorld();
  peer = await world.startReceiver();
});

afterAll(async () => {
  await world?.close();
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
    await world.useOnlyEndpoint(urlOf(peer.port), "receiver-shared-secret-0123456789");
    const { lead } = await world.submitLead();

    const delivery = await waitFor(async () => {
      const row = await world.deliveryOf(lead.id);
      return row.status === "failed" ? row : undefined;
    }, "the delivery to fail");
    expect(delivery).toMatchObject({ attempts: 1, lastError: reason, deliveredAt: null });
    const attempts = await world.attemptsOf(delivery.id);
    expect(attempts).toMatchObject([{ attemptNumber: 1, statusCode: null, error: reason }]);
    expect(await world.waitingJobs(delivery.id)).toBe(0);
    // Longer than the first retry's delay: still one attempt.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await world.deliveryOf(lead.id)).attempts).toBe(1);

    expect(peer.connections()).toBe(0);
    expect(peer.receipts).toHaveLength(0);
  });
});
