import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { rawRequest, type RawRequest } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server";

/**
 * Bodies over 64 KB are refused while they are read, for every method and framing, and a
 * body that drips in is cut off: big bodies cannot grow the server's memory.
 */

// One server for both tests.
test.describe.configure({ mode: "serial" });

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer();
});
test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
});

const residentMegabytes = () => {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/** 50 MB in 1 MB pieces, sent chunked (no Content-Length). */
const fiftyMegabytes = (fill: string) =>
  Array.from({ length: 50 }, () => Buffer.alloc(1024 * 1024, fill));

test("50 MB bodies of every kind are refused with 413 and the server does not grow", async () => {
  test.setTimeout(120_000);
  const origin = new URL(server.baseUrl).origin;
  const before = residentMegabytes();

  const attempts: (RawRequest & { label: string; path: string })[] = [
    {
      label: "chunked JSON to /api/leads",
      path: "/api/leads",
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: [Buffer.from('{"firstName":"'), ...fiftyMegabytes("a")],
    },
    {
      label: "PUT with a Content-Length",
      path: "/",
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: Buffer.alloc(50 * 1024 * 1024, "b"),
    },
    {
      label: "form body to /admin/login",
      path: "/admin/login",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: Buffer.concat([Buffer.from("email="), Buffer.alloc(50 * 1024 * 1024, "c")]),
    },
    {
      label: "chunked form body to /admin/login",
      path: "/admin/login",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: [Buffer.from("email="), ...fiftyMegabytes("d")],
    },
    {
      label: "chunked PATCH to a page",
      path: "/about-us",
      method: "PATCH",
      headers: {},
      body: fiftyMegabytes("e"),
    },
  ];
  for (const attempt of attempts) {
    // The server answers 413 and closes the connection while the client is still writing;
    // the client may see the answer or only the closed connection (EPIPE, ECONNRESET).
    const answer = await rawRequest(server.baseUrl, attempt.path, attempt).then(
      (response) => String(response.status),
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    expect(["413", "EPIPE", "ECONNRESET"], attempt.label).toContain(answer);
  }

  // Allow ordinary noise, not the hundreds of megabytes a buffered 50 MB body costs.
  expect(residentMegabytes() - before).toBeLessThan(100);
  expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
});

test("a body that drips in is cut off", async () => {
  test.setTimeout(60_000);
  const answer = await rawRequest(server.baseUrl, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(server.baseUrl).origin },
    body: Array.from({ length: 60 }, () => Buffer.from(" ")),
    chunkDelayMs: 500,
  });
  expect(answer.status).toBe(408);
});
