import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analyticsEvents, analyticsForwarding } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import { createLogger } from "~/modules/platform/logger.server";
import { startTestJobs, waitFor } from "~/modules/webhooks/test-support.server";
import { forwardEvents, type PosthogTarget } from "./forward.server";

const database = testDatabaseForFile();
const logger = createLogger({ level: "silent" });
const API_KEY = "phc_test_key";

interface Receipt {
  path: string;
  body: {
    api_key: string;
    batch: {
      event: string;
      uuid: string;
      distinct_id: string;
      timestamp: string;
      properties: Record<string, unknown>;
    }[];
  };
}

/** PostHog's /batch/ as a local server answering with the statuses a test lines up. */
let server: Server;
let target: PosthogTarget;
const receipts: Receipt[] = [];
let statuses: number[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receipts.push({
        path: request.url ?? "",
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Receipt["body"],
      });
      response.writeHead(statuses.shift() ?? 200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  target = { host: new URL(`http://127.0.0.1:${port}`), apiKey: API_KEY };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  receipts.length = 0;
  statuses = [];
  await database.db.delete(analyticsEvents);
  await database.db.delete(analyticsForwarding);
});

/** Events stored a minute ago (past the settling time), every third one a bot's. */
async function storeEvents(count: number) {
  const createdAt = new Date(Date.now() - 60_000);
  const rows = await database.db
    .insert(analyticsEvents)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: index % 2 ? "phone_click" : "page_view",
        path: "/bathrooms",
        properties: { utm_source: "google" },
        createdAt,
        occurredAt: new Date(createdAt.getTime() - 1_000),
        visitorId: "visitor-0001",
        sessionId: "session-0001",
        device: "desktop",
        browser: "Chrome",
        isBot: index % 3 === 2,
      })),
    )
    .returning({ id: analyticsEvents.id, isBot: analyticsEvents.isBot });
  return rows;
}

const sentIds = () => receipts.flatMap((receipt) => receipt.body.batch.map((event) => event.uuid));

describe("forwarding to PostHog", () => {
  it("sends people's events after the cursor in chunks, in PostHog's shape", async () => {
    const rows = await storeEvents(9);
    const people = rows.filter((row) => !row.isBot).length;

    const result = await forwardEvents(database.db, target, { logger, chunkSize: 4 });

    expect(result).toEqual({ sent: people, skipped: 0 });
    expect(receipts.map((receipt) => receipt.path)).toEqual(["/batch/", "/batch/"]);
    expect(receipts[0]!.body.api_key).toBe(API_KEY);
    expect(receipts[0]!.body.batch[0]).toMatchObject({
      event: "$pageview",
      distinct_id: "visitor-0001",
      properties: {
        utm_source: "google",
        $pathname: "/bathrooms",
        $browser: "Chrome",
        $session_id: "session-0001",
      },
    });
    expect(receipts[0]!.body.batch[1]).toMatchObject({ event: "phone_click" });
    expect(new Set(sentIds()).size).toBe(people);

    // Caught up: nothing more is sent until new events arrive.
    expect(await forwardEvents(database.db, target, { logger })).toEqual({ sent: 0, skipped: 0 });
    expect(receipts).toHaveLength(2);
  });

  it("leaves the cursor on a failure, so the next run sends the same events again", async () => {
    await storeEvents(3);
    statuses = [503];
    const failed = await forwardEvents(database.db, target, { logger });
    expect(failed).toEqual({ sent: 0, skipped: 0, failed: "HTTP 503" });
    statuses = [429];
    expect((await forwardEvents(database.db, target, { logger })).failed).toBe("HTTP 429");

    const retried = await forwardEvents(database.db, target, { logger });
    expect(retried).toEqual({ sent: 2, skipped: 0 });
    expect(receipts).toHaveLength(3);
    // The same events, under the same uuids (PostHog keeps one of each).
    expect(receipts[2]!.body.batch.map((event) => event.uuid)).toEqual(
      receipts[0]!.body.batch.map((event) => event.uuid),
    );
  });

  it("skips a chunk the receiver refuses for good (4xx), and goes on", async () => {
    await storeEvents(6);
    statuses = [400];
    const result = await forwardEvents(database.db, target, { logger, chunkSize: 2 });
    expect(result).toEqual({ sent: 2, skipped: 2 });
    expect(receipts).toHaveLength(2);
  });

  it("stops and keeps the cursor when the receiver cannot be reached", async () => {
    await storeEvents(3);
    const closed = { host: new URL("http://127.0.0.1:9"), apiKey: API_KEY };
    const result = await forwardEvents(database.db, closed, { logger });
    expect(result.sent).toBe(0);
    expect(result.failed).toBeDefined();
    expect(await forwardEvents(database.db, target, { logger })).toEqual({ sent: 2, skipped: 0 });
  });

  it("runs as a job of the queue when configured", async () => {
    await storeEvents(3);
    const jobs = await startTestJobs(database, { posthog: target });
    try {
      await jobs.boss.send("analytics-forward", {});
      await waitFor(async () => receipts.length === 1, "the forwarding job's request");
      expect(receipts[0]!.body.batch).toHaveLength(2);
    } finally {
      await jobs.stop();
    }
  });
});
