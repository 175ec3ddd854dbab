import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "~/db/client.server";
import { leads, webhookEndpoints, type Lead } from "~/db/schema";

/**
 * Real peers and fixtures for the delivery tests: a local HTTP receiver, lead rows and
 * endpoints. Not used by the product.
 */

export interface Receipt {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A status, or a status with headers (a redirect's Location). */
export type Answer = number | { status: number; headers: Record<string, string> };

export interface Receiver {
  url: string;
  port: number;
  receipts: Receipt[];
  /** TCP connections accepted, requests or not. */
  connections(): number;
  /** Receipts answered with a 2xx status. */
  successes(): Receipt[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that records every request and answers with the status
 * `respond` picks (by the request's position, starting at 0).
 */
export async function startReceiver(
  respond: (request: Omit<Receipt, "status">, index: number) => Answer = () => 200,
  port = 0,
): Promise<Receiver> {
  const receipts: Receipt[] = [];
  let index = 0;
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      const answer = respond(received, index++);
      const { status, headers } = typeof answer === "number" ? { status: answer } : answer;
      receipts.push({ ...received, status });
      response
        .writeHead(status, { "Content-Type": "text/plain", ...headers })
        .end(`status ${status}`);
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    // The query string stands for the tokens some receivers put in their URLs.
    url: `http://127.0.0.1:${actualPort}/hooks/lead?token=receiver-token`,
    port: actualPort,
    receipts,
    connections: () => connections,
    successes: () => receipts.filter((receipt) => receipt.status >= 200 && receipt.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP port that was free a moment ago (nothing listens on it now). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let leadCount = 0;

/** A lead row with every required column filled. */
export async function insertLead(
  db: Pick<Database, "insert">,
  overrides: Partial<typeof leads.$inferInsert> = {},
): Promise<Lead> {
  leadCount += 1;
  const [lead] = await db
    .insert(leads)
    .values({
      firstName: "Ada",
      lastName: `Tester${leadCount}`,
      email: `ada${leadCount}@example.com`,
      phone: "+16175550142",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      tracking: {},
      channel: "form",
      ...overrides,
    })
    .returning();
  if (!lead) throw new Error("lead not inserted");
  return lead;
}

/** Disables every endpoint and adds one enabled endpoint; returns its id. */
export async function useOnlyEndpoint(
  db: Database,
  url: string,
  secret: string | null = null,
): Promise<number> {
  await db.update(webhookEndpoints).set({ enabled: false });
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url, secret, enabled: true })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) throw new Error("endpoint not inserted");
  return endpoint.id;
}

/** Polls `check` until it returns something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
