import { createServer, type Server } from "node:http";
import { verifyWebhookSignature } from "../../../app/modules/webhooks/signature.server";

/** A lead delivery as the receiver saw it. */
export interface ReceivedDelivery {
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  signatureValid: boolean;
  receivedAt: string;
}

export const RECEIVER_SECRET = "e2e-webhook-secret-0123456789abcdef";

/**
 * A real HTTP peer standing in for the company's automation service: it verifies each
 * delivery's signature, keeps what it received and tells the tests (GET /received).
 */
export async function startWebhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const received: ReceivedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/received") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(received));
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({
        body: JSON.parse(raw) as Record<string, unknown>,
        idempotencyKey: request.headers["idempotency-key"] as string | undefined,
        signatureValid: verifyWebhookSignature(
          RECEIVER_SECRET,
          request.headers["x-lumen-signature"] as string | undefined,
          request.headers["x-lumen-timestamp"] as string | undefined,
          raw,
        ),
        receivedAt: new Date().toISOString(),
      });
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the receiver of this test run has been sent so far. */
export async function receivedDeliveries(): Promise<ReceivedDelivery[]> {
  const url = process.env.E2E_RECEIVER_URL;
  if (!url) throw new Error("E2E_RECEIVER_URL is not set (tests/e2e/global-setup.ts)");
  const response = await fetch(`${url}/received`);
  return (await response.json()) as ReceivedDelivery[];
}
