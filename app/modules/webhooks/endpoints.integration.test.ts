import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, webhookEndpoints } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { auditsOf, insertActorAccount } from "~/modules/staff/test-support.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  sendTestDelivery,
  setWebhookEndpointEnabled,
  ENDPOINT_MESSAGES,
} from "./endpoints.server";
import { verifyWebhookSignature } from "./signature.server";
import { METADATA_TARGET_REFUSED, PRIVATE_TARGET_REFUSED } from "./target-guard.server";
import { freePort, startReceiver } from "./test-support.server";

let database: TestDatabase;
const actor: Actor = { id: "owner-1", email: "owner@example.com", ip: "203.0.113.9" };

beforeAll(async () => {
  database = await createTestDatabase();
  await insertActorAccount(database.db, actor, "Owen Owner");
});
afterAll(async () => {
  await database?.destroy();
});

const audits = (action: string) => auditsOf(database.db, action);

/** The receivers here listen on 127.0.0.1. */
const local = { allowPrivateTargets: true };

describe("webhook endpoints", () => {
  it("shows the new secret once: stored for signing, never listed", async () => {
    const invalid = await createWebhookEndpoint(
      database,
      actor,
      {
        url: "ftp://x",
        description: "",
      },
      local,
    );
    expect(invalid).toEqual({
      ok: false,
      errors: { url: "Enter a full address starting with https://." },
    });

    const created = await createWebhookEndpoint(
      database,
      actor,
      {
        url: "https://hooks.example.com/lead?token=abc123",
        description: "CRM",
        enabled: "on",
      },
      local,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(created.secret, "base64url").length).toBeGreaterThanOrEqual(32);

    const [stored] = await database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(stored?.secret).toBe(created.secret);

    const listed = await listWebhookEndpoints(database.db);
    const view = listed.find((endpoint) => endpoint.id === created.endpoint.id);
    expect(view).toMatchObject({
      url: stored!.url,
      description: "CRM",
      enabled: true,
      signed: true,
    });
    expect(Object.keys(view!)).not.toContain("secret");
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    // The audit names the endpoint without its query string (a token) or the secret.
    const [event] = await audits("settings.webhook.create");
    expect(event?.details).toEqual({
      url: "https://hooks.example.com/lead?…",
      description: "CRM",
      enabled: true,
    });
    expect(JSON.stringify(await database.db.select().from(auditEvents))).not.toContain(
      created.secret,
    );
  });

  it("sends a signed test delivery to a real receiver and shows its status and time", async () => {
    const receiver = await startReceiver();
    try {
      const created = await createWebhookEndpoint(
        database,
        actor,
        {
          url: receiver.url,
          description: "Local receiver",
          enabled: undefined,
        },
        local,
      );
      if (!created.ok) throw new Error("not created");
      const result = await sendTestDelivery(database, actor, created.endpoint.id, {
        companyName: "Lumen Bath & Remodel",
        allowPrivateTargets: true,
      });
      expect(result).toMatchObject({ statusCode: 200, ok: true, error: null });
      expect(receiver.receipts).toHaveLength(1);
      const [receipt] = receiver.receipts;
      expect(receipt!.headers["x-lumen-event"]).toBe("test");
      expect(receipt!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(receipt!.headers["user-agent"]).toBe("LumenBath-Webhooks/1");
      expect(
        verifyWebhookSignature(
          created.secret,
          receipt!.headers["x-lumen-signature"] as string,
          receipt!.headers["x-lumen-timestamp"] as string,
          receipt!.body,
        ),
      ).toBe(true);
      expect(JSON.parse(receipt!.body)).toMatchObject({ event: "test" });

      // Shown in the list: the last test's status and time (a disabled endpoint too).
      const view = (await listWebhookEndpoints(database.db)).find(
        (endpoint) => endpoint.id === created.endpoint.id,
      );
      expect(view?.enabled).toBe(false);
      expect(view?.lastTest).toMatchObject({ statusCode: 200, ok: true });
      expect(view?.lastTest?.at.getTime()).toBe(result!.at.getTime());
      const [event] = await audits("settings.webhook.test");
      expect(event).toMatchObject({
        target: `webhook:${created.endpoint.id}`,
        details: { statusCode: 200, ok: true },
      });
    } finally {
      await receiver.close();
    }
  });

  it("reports a refusing receiver's status and an unreachable one", async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const created = await createWebhookEndpoint(
        database,
        actor,
        {
          url: receiver.url,
          enabled: "on",
        },
        local,
      );
      if (!created.ok) throw new Error("not created");
      expect(await sendTestDelivery(database, actor, created.endpoint.id, local)).toMatchObject({
        statusCode: 503,
        ok: false,
        error: "HTTP 503 Service Unavailable",
      });
    } finally {
      await receiver.close();
    }
    const port = await freePort();
    const gone = await createWebhookEndpoint(
      database,
      actor,
      {
        url: `http://127.0.0.1:${port}/hook`,
        enabled: "on",
      },
      local,
    );
    if (!gone.ok) throw new Error("not created");
    const result = await sendTestDelivery(database, actor, gone.endpoint.id, {
      ...local,
      timeoutMs: 3000,
    });
    expect(result).toMatchObject({ statusCode: null, ok: false });
    expect(result?.error).toMatch(/ECONNREFUSED/);
    expect(await sendTestDelivery(database, actor, 999_999, local)).toBeUndefined();
  });

  it("refuses to save an endpoint whose address is private as written, unless the operator allows it", async () => {
    const refused = { allowPrivateTargets: false };
    const before = await database.db.$count(webhookEndpoints);
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://localhost:8080/hook",
      "http://LOCALHOST./hook",
      "http://crm.localhost/hook",
      "http://[::1]/hook",
      "http://10.1.2.3/hook",
      "http://192.168.0.10/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://0x7f000001/hook",
    ]) {
      expect(await createWebhookEndpoint(database, actor, { url }, refused), url).toEqual({
        ok: false,
        errors: { url: ENDPOINT_MESSAGES.privateTarget },
      });
    }
    for (const options of [refused, local]) {
      expect(
        await createWebhookEndpoint(database, actor, { url: "http://169.254.169.254/" }, options),
      ).toEqual({ ok: false, errors: { url: ENDPOINT_MESSAGES.metadataTarget } });
    }
    expect(await database.db.$count(webhookEndpoints)).toBe(before);
    // A name is checked against what it resolves to when a lead is sent.
    const named = await createWebhookEndpoint(
      database,
      actor,
      { url: "https://hooks.example.com/refused-test" },
      refused,
    );
    expect(named.ok).toBe(true);
    const internal = await createWebhookEndpoint(
      database,
      actor,
      { url: "http://10.1.2.3/" },
      local,
    );
    expect(internal.ok).toBe(true);
  });

  it("refuses private and loopback endpoints by default, saying nothing about their ports", async () => {
    const listening = await startReceiver();
    const closedPort = await freePort();
    try {
      // Stored as they would be before the operator turned WEBHOOK_ALLOW_PRIVATE_TARGETS off
      // (or, for the metadata address, as no screen would store it): the test delivery
      // refuses them again.
      const test = async (url: string) => {
        const [stored] = await database.db
          .insert(webhookEndpoints)
          .values({ url, description: "", enabled: true, secret: "whsec_test" })
          .returning({ id: webhookEndpoints.id });
        return sendTestDelivery(database, actor, stored!.id, {
          allowPrivateTargets: false,
          timeoutMs: 3000,
        });
      };
      // A port that listens and one that does not get the same answer.
      const open = await test(listening.url);
      const closed = await test(`http://127.0.0.1:${closedPort}/hook`);
      const byName = await test(`http://localhost:${listening.port}/hook`);
      const ipv6 = await test(`http://[::1]:${listening.port}/hook`);
      const internal = await test("http://10.0.0.1:8080/hook");
      for (const result of [open, closed, byName, ipv6, internal]) {
        expect(result).toMatchObject({
          statusCode: null,
          ok: false,
          error: PRIVATE_TARGET_REFUSED,
        });
      }
      const metadata = await test("http://169.254.169.254/latest/meta-data/");
      expect(metadata).toMatchObject({ statusCode: null, error: METADATA_TARGET_REFUSED });
      for (const result of [open, closed, byName, ipv6, internal, metadata]) {
        expect(result?.error).not.toMatch(/ECONNREFUSED|no answer|\d{4,5}/);
      }
      expect(listening.connections()).toBe(0);
      expect(listening.receipts).toHaveLength(0);
      const [event] = await audits("settings.webhook.test");
      expect(event?.details).toMatchObject({ ok: false, error: METADATA_TARGET_REFUSED });
    } finally {
      await listening.close();
    }
  });

  it("enables, disables and deletes, each audited", async () => {
    const created = await createWebhookEndpoint(
      database,
      actor,
      {
        url: "https://hooks.example.com/other",
        enabled: "on",
      },
      local,
    );
    if (!created.ok) throw new Error("not created");
    const id = created.endpoint.id;
    expect(await setWebhookEndpointEnabled(database, actor, id, false)).toBe(true);
    expect((await audits("settings.webhook.disable"))[0]).toMatchObject({
      target: `webhook:${id}`,
      details: { changes: [{ field: "enabled", from: true, to: false }] },
    });
    expect(await setWebhookEndpointEnabled(database, actor, id, true)).toBe(true);
    expect((await audits("settings.webhook.enable"))[0]).toMatchObject({ target: `webhook:${id}` });
    expect(await deleteWebhookEndpoint(database, actor, id)).toBe(true);
    expect(await deleteWebhookEndpoint(database, actor, id)).toBe(false);
    expect((await audits("settings.webhook.delete"))[0]).toMatchObject({
      target: `webhook:${id}`,
      details: { url: "https://hooks.example.com/other", enabled: true },
    });
    expect(
      await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    ).toEqual([]);
    expect(await setWebhookEndpointEnabled(database, actor, id, true)).toBe(false);
  });
});
