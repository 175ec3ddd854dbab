import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { sweepStalledWork } from "~/modules/jobs/jobs.server";
import { verifyWebhookSignature } from "./signature.server";
import {
  freePort,
  insertLead,
  interruptedAttempt,
  jobsWithoutRow,
  startDeliveryTestWorld,
  waitFor,
  type DeliveryTestWorld,
} from "./test-support.server";
import {
  enqueueLeadDeliveries,
  listDeliveriesForLead,
  replayDelivery,
  seedWebhookEndpointFromConfig,
  webhookOutbox,
} from "./webhooks.server";

const SECRET = "receiver-shared-secret-0123456789";

let world: DeliveryTestWorld;

beforeAll(async () => {
  // The receivers here listen on 127.0.0.1.
  world = await startDeliveryTestWorld({ allowPrivateWebhookTargets: true });
});

afterAll(async () => {
  await world?.close();
});

async function waitForStatus(leadId: string, status: string) {
  return waitFor(async () => {
    const delivery = await world.deliveryOf(leadId);
    return delivery.status === status ? delivery : undefined;
  }, `delivery ${status}`);
}

describe("lead webhook delivery", () => {
  it("posts the lead, signed, with its form fields, tracking parameters and affiliate code", async () => {
    const verified: boolean[] = [];
    const peer = await world.startReceiver((request) => {
      verified.push(
        verifyWebhookSignature(
          SECRET,
          request.headers["x-lumen-signature"] as string | undefined,
          request.headers["x-lumen-timestamp"] as string | undefined,
          request.body,
        ),
      );
      return 200;
    });
    const endpointId = await world.useOnlyEndpoint(peer.url, SECRET);
    const { lead, queued } = await world.submitLead({
      projectType: null,
      source: "Referral",
      referralName: "Dana Whitfield",
      tracking: {
        source: "spring-flyer",
        utm_source: "google",
        utm_campaign: "spring",
        gclid: "gclid-123",
        affiliate_code: "FROM-URL",
        userAgent: "Mozilla/5.0",
        ip_address: "203.0.113.9",
        not_a_tracking_param: "dropped",
      },
      affiliateCode: "DANA1",
    });
    expect(queued).toBe(1);

    const delivery = await waitForStatus(lead.id, "delivered");
    expect(delivery.attempts).toBe(1);
    expect(delivery.endpointId).toBe(endpointId);
    expect(delivery.deliveredAt).toBeInstanceOf(Date);
    expect(delivery.lastError).toBeNull();
    expect(peer.receipts).toHaveLength(1);
    expect(verified).toEqual([true]);

    const [receipt] = peer.receipts;
    expect(receipt!.headers["content-type"]).toBe("application/json");
    expect(receipt!.headers["user-agent"]).toBe("LumenBath-Webhooks/1");
    expect(receipt!.headers["x-lumen-event"]).toBe("lead.created");
    expect(receipt!.headers["idempotency-key"]).toBe(delivery.id);
    expect(receipt!.headers["x-lumen-delivery-attempt"]).toBe("1");
    expect(receipt!.headers["x-lumen-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(Number(receipt!.headers["x-lumen-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);

    expect(JSON.parse(receipt!.body)).toEqual({
      leadId: lead.id,
      createdAt: lead.createdAt.toISOString(),
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: "+16175550142",
      service: "Bathroom Remodeling",
      projectType: null,
      source: "Referral",
      referralName: "Dana Whitfield",
      otherSource: null,
      agreeToContact: true,
      agreeToAllPresent: true,
      utm_source: "google",
      utm_campaign: "spring",
      gclid: "gclid-123",
      userAgent: "Mozilla/5.0",
      ip_address: "203.0.113.9",
      affiliate_code: "DANA1",
    });

    const attempts = await world.attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.attemptNumber, a.statusCode, a.error])).toEqual([[1, 200, null]]);
  });

  it("retries after a 500 and delivers exactly once when the receiver recovers", async () => {
    const peer = await world.startReceiver((_request, index) => (index === 0 ? 500 : 200));
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead({ affiliateCode: null });

    const delivery = await waitForStatus(lead.id, "delivered");
    expect(peer.successes()).toHaveLength(1);
    expect(peer.receipts.map((receipt) => receipt.status)).toEqual([500, 200]);
    // Unsigned without a secret; one idempotency key for every attempt.
    expect(peer.receipts.every((receipt) => !receipt.headers["x-lumen-signature"])).toBe(true);
    expect(peer.receipts.map((receipt) => receipt.headers["idempotency-key"])).toEqual([
      delivery.id,
      delivery.id,
    ]);
    expect(peer.receipts.map((receipt) => receipt.headers["x-lumen-delivery-attempt"])).toEqual([
      "1",
      "2",
    ]);
    expect(JSON.parse(peer.receipts[1]!.body).affiliate_code).toBeNull();
    const attempts = await world.attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.attemptNumber, a.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(attempts[0]!.error).toMatch(/^HTTP 500/);
    expect(await world.waitingJobs(delivery.id)).toBe(0);
  });

  it("loses nothing while the receiver is down and delivers once it is up", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks/lead?token=receiver-token`;
    await world.useOnlyEndpoint(url);
    const { lead } = await world.submitLead();
    const { id } = await world.deliveryOf(lead.id);

    await waitFor(async () => (await world.attemptsOf(id)).length >= 3, "three refused attempts");
    const pending = await world.deliveryOf(lead.id);
    expect(["pending", "sending"]).toContain(pending.status);

    const peer = await world.startReceiver(() => 200, port);
    const delivery = await waitForStatus(lead.id, "delivered");
    expect(peer.receipts).toHaveLength(1);
    const attempts = await world.attemptsOf(id);
    expect(attempts.at(-1)!.statusCode).toBe(200);
    const refused = attempts.slice(0, -1);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ""))).toBe(
      true,
    );
    expect(attempts.map((a) => a.attemptNumber)).toEqual(attempts.map((_a, i) => i + 1));
    expect(delivery.attempts).toBe(attempts.length);
  });

  it("stops at a 400: one attempt, failed, nothing left queued", async () => {
    const peer = await world.startReceiver(() => 400);
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead();

    const delivery = await waitForStatus(lead.id, "failed");
    expect(delivery.lastError).toMatch(/^HTTP 400/);
    expect(delivery.attempts).toBe(1);
    expect(await world.attemptsOf(delivery.id)).toHaveLength(1);
    expect(await world.waitingJobs(delivery.id)).toBe(0);
    expect(peer.receipts).toHaveLength(1);
  });

  it("retries after 408 and 429", async () => {
    const statuses = [408, 429, 200];
    const peer = await world.startReceiver((_request, index) => statuses[index] ?? 200);
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead();

    const delivery = await waitForStatus(lead.id, "delivered");
    expect((await world.attemptsOf(delivery.id)).map((a) => a.statusCode)).toEqual([408, 429, 200]);
    expect(peer.successes()).toHaveLength(1);
  });

  it("retries after a redirect instead of following it", async () => {
    const elsewhere = await world.startReceiver();
    const peer = await world.startReceiver((_request, index) =>
      index === 0 ? { status: 307, headers: { Location: elsewhere.url } } : 200,
    );
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead();

    const delivery = await waitForStatus(lead.id, "delivered");
    expect((await world.attemptsOf(delivery.id)).map((a) => a.statusCode)).toEqual([307, 200]);
    expect(elsewhere.connections()).toBe(0);
  });

  it("sweeps a delivery stuck in sending back into the queue", async () => {
    const peer = await world.startReceiver(() => 200);
    const endpointId = await world.useOnlyEndpoint(peer.url);
    const lead = await insertLead(world.database.db);
    // As a process that died mid-attempt leaves it: sending, with no job and no outcome.
    const [stuck] = await world.database.db
      .insert(webhookDeliveries)
      .values({ leadId: lead.id, endpointId, ...interruptedAttempt() })
      .returning();

    const swept = await sweepStalledWork(world.database, world.jobs.boss);
    expect(swept.deliveries.recovered).toBe(1);

    const delivery = await waitForStatus(lead.id, "delivered");
    expect(delivery.id).toBe(stuck!.id);
    expect(peer.receipts).toHaveLength(1);
    expect(peer.receipts[0]!.headers["x-lumen-delivery-attempt"]).toBe("2");
  });

  it("sweeps a pending delivery whose job was lost", async () => {
    const peer = await world.startReceiver(() => 200);
    const endpointId = await world.useOnlyEndpoint(peer.url);
    const lead = await insertLead(world.database.db);
    await world.database.db.insert(webhookDeliveries).values({
      leadId: lead.id,
      endpointId,
      nextAttemptAt: sql`now() - interval '2 minutes'`,
    });
    // One due only a moment ago still has its job coming: left alone.
    const recent = await insertLead(world.database.db);
    await world.database.db.insert(webhookDeliveries).values({ leadId: recent.id, endpointId });

    const swept = await sweepStalledWork(world.database, world.jobs.boss);
    expect(swept.deliveries).toEqual({ recovered: 0, requeued: 1 });
    await waitForStatus(lead.id, "delivered");
    expect((await world.deliveryOf(recent.id)).status).toBe("pending");
  });

  it("replays a delivered lead on request and lists the attempts, newest first", async () => {
    const peer = await world.startReceiver(() => 200);
    await world.useOnlyEndpoint(peer.url);
    const { lead } = await world.submitLead();
    const first = await waitForStatus(lead.id, "delivered");
    expect(await replayDelivery(world.database, world.jobs.boss, first.id)).toBe(true);

    await waitFor(async () => peer.receipts.length === 2, "the replay");
    const delivery = await waitForStatus(lead.id, "delivered");
    expect(peer.receipts.map((receipt) => receipt.headers["idempotency-key"])).toEqual([
      first.id,
      first.id,
    ]);
    expect(delivery.attempts).toBe(1);

    const [listed, ...others] = await listDeliveriesForLead(world.database.db, lead.id);
    expect(others).toEqual([]);
    expect(listed!.id).toBe(first.id);
    expect(listed!.endpoint.url).toBe(peer.url);
    expect(listed!.attemptLog).toHaveLength(2);
    const [newest, oldest] = listed!.attemptLog;
    expect(newest!.createdAt.getTime()).toBeGreaterThanOrEqual(oldest!.createdAt.getTime());
    expect(newest!.id).toBeGreaterThan(oldest!.id);
    // A delivery in progress is not replayed.
    const { lead: other } = await world.submitLead();
    const pending = await world.deliveryOf(other.id);
    await world.database.db
      .update(webhookDeliveries)
      .set({ status: "sending" })
      .where(eq(webhookDeliveries.id, pending.id));
    expect(await replayDelivery(world.database, world.jobs.boss, pending.id)).toBe(false);
  });

  it("queues one delivery per enabled endpoint, atomically with the lead", async () => {
    const a = await world.startReceiver(() => 200);
    const b = await world.startReceiver(() => 200);
    await world.useOnlyEndpoint(a.url);
    await world.database.db.insert(webhookEndpoints).values([
      { url: b.url, enabled: true },
      { url: "http://127.0.0.1:9/disabled", enabled: false },
    ]);
    const { lead, queued } = await world.submitLead();
    expect(queued).toBe(2);
    await waitFor(
      async () =>
        (await listDeliveriesForLead(world.database.db, lead.id)).every(
          (d) => d.status === "delivered",
        ),
      "both deliveries",
    );
    expect(a.receipts).toHaveLength(1);
    expect(b.receipts).toHaveLength(1);

    // Rolled back with the lead: no delivery and no job.
    await expect(
      world.database.transaction(async (tx) => {
        const rolledBack = await insertLead(tx.db);
        expect(await enqueueLeadDeliveries(tx, world.jobs.boss, [rolledBack.id])).toBe(2);
        throw new Error("the lead could not be stored");
      }),
    ).rejects.toThrow("the lead could not be stored");
    expect(await jobsWithoutRow(world.database, webhookOutbox)).toBe(0);

    // No endpoint enabled: nothing to queue.
    await world.database.db.update(webhookEndpoints).set({ enabled: false });
    expect((await world.submitLead()).queued).toBe(0);
  });

  it("adds the configured endpoint once", async () => {
    const url = "https://hooks.example.com/lumen?key=abc";
    expect(
      await seedWebhookEndpointFromConfig(world.database, { url: undefined, secret: "x" }),
    ).toBe(false);
    expect(
      await seedWebhookEndpointFromConfig(world.database, { url, secret: "secret-of-sixteen+" }),
    ).toBe(true);
    expect(await seedWebhookEndpointFromConfig(world.database, { url, secret: undefined })).toBe(
      false,
    );
    const rows = await world.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, url));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ enabled: true, secret: "secret-of-sixteen+" });
  });

  it("adds it once when instances start together", async () => {
    const url = "https://hooks.example.com/lumen?started=together";
    const seeded = await Promise.all(
      [1, 2, 3].map(() =>
        seedWebhookEndpointFromConfig(world.database, { url, secret: "secret-of-sixteen+" }),
      ),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const rows = await world.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, url));
    expect(rows).toHaveLength(1);
  });
});
