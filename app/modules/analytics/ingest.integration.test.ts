import { count, eq, sql } from "drizzle-orm";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analyticsEvents, companySettings, rateLimitCounters } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { testDatabaseForFile } from "~/db/test-database.server";
import { createLogger } from "~/modules/platform/logger.server";
import { forgetCompanySettings } from "~/modules/settings/settings.server";
import { EVENT_LIMITS } from "./event-catalogue";
import { EventWriter } from "./event-writer.server";
import { ingestEvents, type IngestServices } from "./ingest.server";

const database = testDatabaseForFile();
const logger = createLogger({ level: "silent" });

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const VISITOR = "a1b2c3d4-e5f6-4789-8abc-def012345678";
const SESSION = "s1b2c3d4-e5f6-4789-8abc-def012345678";
/** Mid-way through a rate-limit window, so a test's hits all fall in one. */
const NOW = new Date("2026-11-27T10:00:30.000Z");

let countryCsv: string;
let address = 0;
/** A new client address per test, so the per-address limit never carries over. */
const nextIp = () => `198.51.100.${++address}`;

beforeAll(async () => {
  await ensureCompanySettings(database.db);
  const dir = mkdtempSync(path.join(tmpdir(), "countries-"));
  countryCsv = path.join(dir, "countries.csv");
  writeFileSync(
    countryCsv,
    "start,end,country\n198.51.100.0,198.51.100.255,US\n2001:db8::,2001:db8::ffff,DE\n",
  );
});

beforeEach(async () => {
  await database.db.delete(analyticsEvents);
});

function services(overrides: Partial<IngestServices> = {}): IngestServices {
  return {
    db: database.db,
    writer: new EventWriter(database.db),
    logger,
    ip: nextIp(),
    batchesPerMinute: 120,
    countryCsv,
    ownHosts: ["www.lumenbath.example"],
    now: NOW,
    ...overrides,
  };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  const raw = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  return new Request("https://www.lumenbath.example/api/events", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": CHROME, ...headers },
    body: typeof raw === "string" ? raw : new Blob([new Uint8Array(raw)]),
  });
}

const pageView = (overrides: Record<string, unknown> = {}) => ({
  name: "page_view",
  path: "/bathrooms",
  search:
    "?utm_source=google&utm_medium=cpc&utm_term=walk-in+shower&gclid=abc123&msclkid=ms9&email=robin%40example.com",
  hash: "#gallery",
  referrer: "https://www.google.com/search?q=bathrooms",
  screen: "1280x800",
  ts: NOW.getTime() - 2_000,
  ...overrides,
});

const batch = (events: unknown[] = [pageView()], extra: Record<string, unknown> = {}) => ({
  visitorId: VISITOR,
  sessionId: SESSION,
  events,
  ...extra,
});

const storedRows = () => database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

async function setProtection(on: boolean) {
  await database.db.update(companySettings).set({ botProtection: on });
  forgetCompanySettings(database.db);
}

describe("POST /api/events", () => {
  it("stores a page view with what the server adds, and nothing personal", async () => {
    const response = await ingestEvents(
      post(batch([pageView(), { name: "phone_click", path: "/", props: { place: "header" } }])),
      services(),
    );
    expect(response.status).toBe(204);
    const [view, click] = await storedRows();
    expect(view).toMatchObject({
      name: "page_view",
      path: "/bathrooms",
      visitorId: VISITOR,
      sessionId: SESSION,
      referrerHost: "www.google.com",
      device: "desktop",
      browser: "Chrome",
      os: "Windows",
      country: "US",
      isBot: false,
      botType: "human",
      properties: {
        utm_source: "google",
        utm_medium: "cpc",
        utm_term: "walk-in shower",
        gclid: "abc123",
        msclkid: "ms9",
        hash: "#gallery",
        screen: "1280x800",
      },
    });
    expect(view!.createdAt).toEqual(NOW);
    expect(view!.occurredAt).toEqual(new Date(NOW.getTime() - 2_000));
    // The raw query string (with its e-mail address) is never kept.
    expect(JSON.stringify(view)).not.toContain("robin");
    expect(click).toMatchObject({ name: "phone_click", properties: { place: "header" } });
  });

  it("reads a phone's agent, an IPv6 country, one-line strings and a doubtful clock", async () => {
    const response = await ingestEvents(
      post(
        batch([
          pageView({
            ts: NOW.getTime() + 3_600_000,
            referrer: "https://www.lumenbath.example/about-us",
            props: { label: "a\nb\u202Ec", ["__proto__"]: "dropped" },
          }),
          pageView({ ts: NOW.getTime() - 8 * 24 * 3_600_000, path: "https://elsewhere.example/" }),
        ]),
        { "user-agent": IPHONE },
      ),
      services({ ip: "2001:db8::1" }),
    );
    expect(response.status).toBe(204);
    const [future, old] = await storedRows();
    expect(future).toMatchObject({
      device: "mobile",
      os: "iOS",
      country: "DE",
      occurredAt: null,
      referrerHost: null,
    });
    expect(future!.properties.label).toBe("a bc");
    // Never a prototype to pollute: the schema drops the key.
    expect(Object.keys(future!.properties)).not.toContain("__proto__");
    expect(old).toMatchObject({ occurredAt: null, path: null });
  });

  it("stores nothing for Do-Not-Track or Global Privacy Control, and says 204", async () => {
    for (const header of [{ dnt: "1" }, { "sec-gpc": "1" }] as Record<string, string>[]) {
      const response = await ingestEvents(post(batch(), header), services());
      expect(response.status).toBe(204);
    }
    expect(await storedRows()).toEqual([]);
  });

  it("refuses an automated visitor when protection is on, and only then", async () => {
    const automated = batch([pageView()], {
      bot: { isBot: true, confidence: 0.9, botType: "automation" },
    });
    await setProtection(true);
    try {
      const refused = await ingestEvents(post(automated), services());
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Access Restricted" });
      const headless = await ingestEvents(
        post(batch(), { "user-agent": "Mozilla/5.0 HeadlessChrome/131.0 Safari/537.36" }),
        services(),
      );
      expect(headless.status).toBe(403);
      expect(await storedRows()).toEqual([]);
    } finally {
      await setProtection(false);
    }
    const kept = await ingestEvents(post(automated), services());
    expect(kept.status).toBe(204);
    expect(await storedRows()).toMatchObject([
      { isBot: true, botConfidence: 0.9, botType: "automation", device: "bot" },
    ]);
  });

  it("limits batches per address within a minute, with Retry-After", async () => {
    const shared = services({ batchesPerMinute: 3 });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 5; i++) {
      const response = await ingestEvents(post(batch()), shared);
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBe(30);
    expect(await storedRows()).toHaveLength(3);
    // Another address is not held back.
    expect((await ingestEvents(post(batch()), services({ batchesPerMinute: 3 }))).status).toBe(204);
    const [counter] = await database.db
      .select({ total: count() })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `analytics:${shared.ip}`));
    expect(counter?.total).toBe(1);
  });

  it("counts concurrent batches of one address exactly, together with others'", async () => {
    const one = services({ batchesPerMinute: 5 });
    const other = services({ batchesPerMinute: 5 });
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, () => ingestEvents(post(batch()), one)),
      ...Array.from({ length: 3 }, () => ingestEvents(post(batch()), other)),
    ]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.slice(0, 12).filter((status) => status === 204)).toHaveLength(5);
    expect(statuses.slice(0, 12).filter((status) => status === 429)).toHaveLength(7);
    expect(statuses.slice(12)).toEqual([204, 204, 204]);
    expect(await storedRows()).toHaveLength(8);
  });

  it("takes sendBeacon's text/plain and a gzip body", async () => {
    const text = await ingestEvents(
      post(JSON.stringify(batch()), { "content-type": "text/plain;charset=UTF-8" }),
      services(),
    );
    expect(text.status).toBe(204);
    const gzip = await ingestEvents(
      post(gzipSync(JSON.stringify(batch())), { "content-encoding": "gzip" }),
      services(),
    );
    expect(gzip.status).toBe(204);
    expect(await storedRows()).toHaveLength(2);
  });

  it("refuses bodies out of bounds, broken or not in the expected form", async () => {
    const bomb = gzipSync(Buffer.alloc(EVENT_LIMITS.bodyBytes * 40, 0x20));
    const cases: [Request, number][] = [
      [post(gzipSync(" ".repeat(EVENT_LIMITS.bodyBytes + 1)), { "content-encoding": "gzip" }), 413],
      [post(bomb, { "content-encoding": "gzip" }), 413],
      [post(" ".repeat(EVENT_LIMITS.bodyBytes + 1)), 413],
      [post("not gzip", { "content-encoding": "gzip" }), 400],
      [post("{}", { "content-encoding": "br" }), 415],
      [post("{}", { "content-type": "application/x-www-form-urlencoded" }), 415],
      [post("{not json"), 400],
      [post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400],
      [post(batch([])), 400],
      [post(batch([{ name: "contact_form_submission" }])), 400],
      // Written by the server with the review it counts (docs/REQUIREMENTS.md R15.1).
      [post(batch([{ name: "review_submission" }])), 400],
      [post(batch(Array.from({ length: 101 }, () => pageView()))), 400],
      [post(batch([pageView({ path: "/a\u0000b" })])), 400],
      [post('{"events":[{"name":"page_view","path":"/\\ud800"}]}'), 400],
      [post(batch([pageView({ props: { ["k\u0000"]: 1 } })])), 400],
      [post(batch([pageView()], { visitorId: "short" })), 400],
    ];
    for (const [index, [request, status]] of cases.entries()) {
      const response = await ingestEvents(request, services());
      expect(response.status, `case ${index}`).toBe(status);
      expect(await response.json()).toHaveProperty("error");
    }
    expect(await storedRows()).toEqual([]);
  });

  it("answers 503 when the events cannot be stored", async () => {
    const failing = {
      execute: () => Promise.reject(new Error("connection lost")),
    } as unknown as typeof database.db;
    const response = await ingestEvents(
      post(batch()),
      services({ writer: new EventWriter(failing) }),
    );
    expect(response.status).toBe(503);
  });
});

describe("the group-commit writer", () => {
  it("stores many concurrent requests in few INSERTs, each answered once stored", async () => {
    const writer = new EventWriter(database.db, { maxRows: 200, delayMs: 5 });
    const requests = 60;
    const events = 20;
    const responses = await Promise.all(
      Array.from({ length: requests }, () =>
        ingestEvents(
          post(batch(Array.from({ length: events }, () => pageView()))),
          services({ writer }),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(requests).fill(204));
    const [stored] = await database.db.select({ total: count() }).from(analyticsEvents);
    expect(stored?.total).toBe(requests * events);
    // 1,200 rows at most 200 a statement: at least 6, and far fewer than one per request.
    expect(writer.statements).toBeGreaterThanOrEqual(6);
    expect(writer.statements).toBeLessThan(requests / 2);
  });

  it("stores what waits when closed, then refuses more", async () => {
    const writer = new EventWriter(database.db, { delayMs: 60_000 });
    const row = { name: "page_view", properties: {} };
    const pending = writer.write([row, row]);
    await writer.close();
    await pending;
    const [stored] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    expect(stored?.total).toBe(2);
    await expect(writer.write([row])).rejects.toThrow();
  });
});
