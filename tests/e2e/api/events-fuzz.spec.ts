import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { gzipSync } from "node:zlib";
import {
  EVENT_LIMITS,
  SERVER_EVENTS,
  TRACKER_EVENTS,
} from "../../../app/modules/analytics/event-catalogue";
import { randomTestAddress } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";

/**
 * Property: whatever is posted to /api/events (docs/REQUIREMENTS.md R7.4), in whatever
 * type, encoding or framing, the server never answers 5xx; a valid batch is stored (204).
 */

const validBatch = () => ({
  visitorId: "fuzz-visitor-0001",
  sessionId: "fuzz-session-0001",
  events: [
    {
      name: "page_view",
      path: "/bathrooms",
      search: "?utm_source=fuzz",
      referrer: "https://www.google.com/",
      screen: "1280x800",
      ts: Date.now(),
    },
  ],
});

/** Text no person types: NUL, lone surrogates, control and direction characters. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\u202Eevil",
    "\u2066\u2069",
    "line\nbreak\r\n",
    "\u0007\u001b[31m",
    "\u2028\u2029",
    "/".repeat(3000),
  ),
);

const value = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
);

const eventArbitrary = fc.record(
  {
    name: fc.oneof(fc.constantFrom(...TRACKER_EVENTS, ...SERVER_EVENTS), nastyText),
    path: fc.oneof(nastyText, fc.constant("/bathrooms")),
    search: nastyText,
    hash: nastyText,
    referrer: fc.oneof(nastyText, fc.webUrl()),
    screen: fc.oneof(nastyText, fc.constant("1280x800")),
    ts: fc.oneof(fc.integer(), fc.double(), fc.constant(Date.now())),
    props: fc.oneof(fc.dictionary(nastyText, value, { maxKeys: 5 }), value),
  },
  { requiredKeys: [] },
);

const jsonBody = fc.oneof(
  fc
    .record(
      {
        visitorId: fc.oneof(nastyText, fc.constant("fuzz-visitor-0001")),
        sessionId: nastyText,
        bot: fc.oneof(
          value,
          fc.record({
            isBot: fc.boolean(),
            confidence: fc.double(),
            botType: fc.oneof(fc.constantFrom("human", "automation"), nastyText),
          }),
        ),
        events: fc.oneof(fc.array(eventArbitrary, { maxLength: 4 }), value),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)),
  nastyText,
);

/** Bytes as sent: UTF-8 text, invalid UTF-8, or gzip of either. */
const bytes = fc.oneof(
  jsonBody.map((text) => ({ data: Buffer.from(text), encoding: undefined as string | undefined })),
  jsonBody.map((text) => ({ data: gzipSync(text), encoding: "gzip" })),
  fc.uint8Array({ maxLength: 200 }).map((raw) => ({
    data: Buffer.from(raw),
    encoding: undefined as string | undefined,
  })),
  fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom("gzip", "br", "deflate", "x, y", ""))
    .map(([raw, encoding]) => ({ data: Buffer.from(raw), encoding })),
);

const contentType = fc.constantFrom(
  "application/json",
  "text/plain;charset=UTF-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
);

test("arbitrary bodies, types and encodings never get a 5xx", async ({ baseURL }) => {
  test.setTimeout(180_000);
  await fc.assert(
    fc.asyncProperty(bytes, contentType, fc.boolean(), async (body, type, chunked) => {
      const answer = await rawRequest(baseURL!, "/api/events", {
        method: "POST",
        headers: {
          ...(type ? { "Content-Type": type } : {}),
          ...(body.encoding !== undefined ? { "Content-Encoding": body.encoding } : {}),
          ...(chunked ? {} : { "Content-Length": String(body.data.byteLength) }),
          "X-Forwarded-For": randomTestAddress(),
        },
        body: chunked ? [body.data.subarray(0, 7), body.data.subarray(7)] : body.data,
      });
      expect(
        answer.status,
        `${type} ${body.encoding} ${body.data.toString("base64")}`,
      ).toBeLessThan(500);
    }),
    { numRuns: 300 },
  );
});

test("huge, chunked and compressed-bomb bodies are refused, never a 5xx", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const limit = EVENT_LIMITS.bodyBytes;
  const cases: { label: string; headers: Record<string, string>; body: Buffer | Buffer[] }[] = [
    {
      label: "over the limit, chunked",
      headers: { "Content-Type": "application/json" },
      body: Array.from({ length: 8 }, () => Buffer.alloc(64 * 1024, "a")),
    },
    {
      label: "over the limit, declared",
      headers: { "Content-Type": "text/plain", "Content-Length": String(limit + 1) },
      body: Buffer.alloc(limit + 1, "a"),
    },
    {
      label: "gzip bomb (40 times the limit once inflated)",
      headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
      body: gzipSync(Buffer.alloc(limit * 40, " ")),
    },
    {
      label: "gzip bomb, chunked",
      headers: { "Content-Type": "text/plain", "Content-Encoding": "gzip" },
      body: (() => {
        const bomb = gzipSync(Buffer.alloc(limit * 40, "{"));
        return [bomb.subarray(0, 100), bomb.subarray(100)];
      })(),
    },
    {
      label: "NUL bytes in text/plain",
      headers: { "Content-Type": "text/plain" },
      body: Buffer.from(`{"events":[{"name":"page_view","path":"/\u0000"}]}`),
    },
    {
      label: "an invalid UTF-8 surrogate",
      headers: { "Content-Type": "application/json" },
      body: Buffer.concat([
        Buffer.from('{"events":[{"name":"page_view","path":"/'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('"}]}'),
      ]),
    },
  ];
  for (const { label, headers, body } of cases) {
    const answer = await rawRequest(baseURL!, "/api/events", {
      method: "POST",
      headers: { ...headers, "X-Forwarded-For": randomTestAddress() },
      body,
    });
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
  }
});

test("a valid batch is stored, plain or gzip, JSON or sendBeacon's text (the property is not vacuous)", async ({
  baseURL,
}) => {
  const json = JSON.stringify(validBatch());
  for (const [type, encoding, data] of [
    ["application/json", undefined, Buffer.from(json)],
    ["text/plain;charset=UTF-8", undefined, Buffer.from(json)],
    ["application/json", "gzip", gzipSync(json)],
  ] as const) {
    const answer = await rawRequest(baseURL!, "/api/events", {
      method: "POST",
      headers: {
        "Content-Type": type,
        ...(encoding ? { "Content-Encoding": encoding } : {}),
        "User-Agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
        "X-Forwarded-For": randomTestAddress(),
      },
      body: data,
    });
    expect(answer.status, `${type} ${encoding}`).toBe(204);
  }
});
