import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { startServer } from "../support/server";

interface Outcome {
  /** Set once the response head arrived, i.e. the server took the request. */
  status?: number;
  complete?: boolean;
  bytes?: number;
  error?: string;
}

/** A plain HTTP GET on a new connection that reports how it ended. */
function get(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, complete: res.complete, bytes }));
      res.on("error", (error) =>
        resolve({ status: res.statusCode, complete: false, error: error.message }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    req.end();
  });
}

test("SIGTERM under load: in-flight requests complete and the process exits 0", async () => {
  test.setTimeout(90_000);
  const server = await startServer();
  const results: Array<Promise<Outcome>> = [];
  let sending = true;
  let answeredBeforeSignal = 0;
  // Keep 20 requests in flight at all times.
  const senders = Array.from({ length: 20 }, async () => {
    while (sending) {
      const pending = get(`${server.baseUrl}/`);
      results.push(pending);
      if ((await pending).status !== undefined) answeredBeforeSignal += 1;
    }
  });
  // Under load means serving already: wait for answers, not for a time a slow machine misses.
  while (answeredBeforeSignal <= 20) await new Promise((resolve) => setTimeout(resolve, 50));
  const signalled = Date.now();
  server.process.kill("SIGTERM");
  const code = await server.exited;
  const took = Date.now() - signalled;
  sending = false;
  await Promise.all(senders);
  const settled = await Promise.all(results);

  expect(code).toBe(0);
  expect(took).toBeLessThan(10_000);
  const answered = settled.filter((r) => r.status !== undefined);
  expect(answered.length).toBeGreaterThan(20);
  // Every request the server took was answered in full; the rest never got in
  // (refused, or reset while still waiting in the closed listener's queue).
  for (const result of settled) {
    if (result.status !== undefined) {
      expect(result).toMatchObject({ status: 200, complete: true });
      expect(result.bytes).toBeGreaterThan(1000);
    } else {
      expect(["ECONNREFUSED", "ECONNRESET"]).toContain(result.error);
    }
  }
  expect(settled.some((r) => r.status === undefined)).toBe(true);
});
