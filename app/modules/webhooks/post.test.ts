import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook, type WebhookPost } from "./post.server";
import { verifyWebhookSignature } from "./signature.server";
import { METADATA_TARGET_REFUSED, PRIVATE_TARGET_REFUSED } from "./target-guard.server";
import { startReceiver, type Receiver } from "./test-support.server";

const SECRET = "receiver-shared-secret-0123456789";
const receivers: Receiver[] = [];

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(receivers.map((peer) => peer.close()));
});

const post = (url: string): WebhookPost => ({
  url: new URL(url),
  event: "lead.created",
  body: JSON.stringify({ leadId: "lead-1" }),
  secret: SECRET,
  idempotencyKey: "0b0e5f5e-2f7e-4c1a-9d55-2b8f3f0a9c11",
  attempt: 2,
});

describe("postWebhook, by default", () => {
  let peer: Receiver;
  beforeAll(async () => {
    peer = await receiver();
  });

  it.each([
    ["127.0.0.1", (port: number) => `http://127.0.0.1:${port}/hooks/lead`],
    ["a name resolving to loopback", (port: number) => `http://localhost:${port}/hooks/lead`],
    ["[::1]", (port: number) => `http://[::1]:${port}/hooks/lead`],
    ["[::ffff:127.0.0.1]", (port: number) => `http://[::ffff:127.0.0.1]:${port}/hooks/lead`],
    ["0.0.0.0", (port: number) => `http://0.0.0.0:${port}/hooks/lead`],
    ["10.0.0.1", () => "http://10.0.0.1:8080/hooks/lead"],
    ["192.168.1.1", () => "https://192.168.1.1/hooks/lead"],
    ["100.64.0.1", () => "http://100.64.0.1/hooks/lead"],
  ])("refuses %s before connecting", async (_target, urlOf) => {
    const result = await postWebhook(post(urlOf(peer.port)), { allowPrivateTargets: false });
    expect(result).toMatchObject({
      statusCode: null,
      error: PRIVATE_TARGET_REFUSED,
      refused: true,
    });
    expect(peer.connections()).toBe(0);
    expect(peer.receipts).toHaveLength(0);
  });

  it.each(["http://169.254.169.254/latest/meta-data/", "http://metadata.google.internal/"])(
    "refuses the metadata service at %s, even when private targets are allowed",
    async (url) => {
      for (const allowPrivateTargets of [false, true]) {
        const result = await postWebhook(post(url), { allowPrivateTargets });
        expect(result).toMatchObject({ error: METADATA_TARGET_REFUSED, refused: true });
      }
    },
  );
});

describe("postWebhook, with private targets allowed", () => {
  const allowed = { allowPrivateTargets: true };

  it("sends the signed POST with every header to a local receiver", async () => {
    const peer = await receiver(() => 202);
    const sent = post(peer.url);
    const result = await postWebhook(sent, allowed);
    expect(result).toMatchObject({ statusCode: 202, error: null, refused: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(peer.receipts).toHaveLength(1);
    const [receipt] = peer.receipts;
    expect(receipt!.body).toBe(sent.body);
    expect(receipt!.headers).toMatchObject({
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(sent.body)),
      "user-agent": "LumenBath-Webhooks/1",
      "x-lumen-event": "lead.created",
      "idempotency-key": sent.idempotencyKey,
      "x-lumen-delivery-attempt": "2",
    });
    expect(
      verifyWebhookSignature(
        SECRET,
        receipt!.headers["x-lumen-signature"] as string,
        receipt!.headers["x-lumen-timestamp"] as string,
        receipt!.body,
      ),
    ).toBe(true);
  });

  it("reaches a local receiver by a name that resolves to loopback", async () => {
    const peer = await receiver();
    const result = await postWebhook(post(`http://localhost:${peer.port}/hooks/lead`), allowed);
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(peer.receipts).toHaveLength(1);
  });

  it("sends no signature without a secret", async () => {
    const peer = await receiver();
    await postWebhook({ ...post(peer.url), secret: null }, allowed);
    expect(peer.receipts[0]!.headers["x-lumen-signature"]).toBeUndefined();
  });

  it("does not follow a redirect: the answer is the attempt's failure", async () => {
    const elsewhere = await receiver();
    const peer = await receiver(() => ({ status: 302, headers: { Location: elsewhere.url } }));
    const result = await postWebhook(post(peer.url), allowed);
    expect(result).toMatchObject({ statusCode: 302, error: "HTTP 302 Found", refused: false });
    expect(peer.receipts).toHaveLength(1);
    expect(elsewhere.connections()).toBe(0);
  });

  it("reports a closed port, a silent receiver and an aborted attempt", async () => {
    const closed = await receiver();
    await closed.close();
    expect((await postWebhook(post(closed.url), allowed)).error).toMatch(/ECONNREFUSED/);

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
      expect(await postWebhook(post(url), { ...allowed, timeoutMs: 200 })).toMatchObject({
        statusCode: null,
        error: "no answer within 0.2 s",
        refused: false,
      });
      const stopping = new AbortController();
      setTimeout(() => stopping.abort(), 50);
      expect((await postWebhook(post(url), { ...allowed, signal: stopping.signal })).error).toBe(
        "interrupted: the server was shutting down",
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
