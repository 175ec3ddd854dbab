import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BODY_TOO_LARGE, BODY_TOO_SLOW, limitRequestBody } from "./body-limit";

/** An app whose route echoes the size of the body it read. */
function app(options: Parameters<typeof limitRequestBody>[0] = {}) {
  const hono = new Hono();
  hono.use(limitRequestBody(options));
  hono.all("*", async (c) => c.json({ read: (await c.req.arrayBuffer()).byteLength }));
  return hono;
}

/** A chunked body: a stream with no Content-Length. */
function stream(chunks: number, chunkBytes: number, delayMs = 0): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent === chunks) return controller.close();
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(97));
    },
  });
}

const send = (method: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/leads", {
    method,
    body,
    headers,
    // Needed for a stream body in Node's Request.
    ...({ duplex: "half" } as object),
  });

describe("limitRequestBody", () => {
  it("passes a body within the limit to the route", async () => {
    const answer = await app().request(send("POST", "a".repeat(1000)));
    expect(await answer.json()).toEqual({ read: 1000 });
  });

  it("refuses a declared length over the limit without reading it", async () => {
    const answer = await app().request(
      send("PUT", "x", { "Content-Length": String(50 * 1024 * 1024) }),
    );
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe(BODY_TOO_LARGE);
  });

  it("stops a chunked body at the limit, for every method", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await app().request(
        send(method, stream(800, 64 * 1024), { "Content-Type": "application/json" }),
      );
      expect(answer.status, method).toBe(413);
      expect(await answer.json()).toEqual({ error: BODY_TOO_LARGE });
      expect(answer.headers.get("connection")).toBe("close");
    }
  });

  it("cuts off a body that drips in too slowly", async () => {
    const answer = await app({ timeoutMs: 200 }).request(send("POST", stream(100, 1, 50)));
    expect(answer.status).toBe(408);
    expect(await answer.text()).toBe(BODY_TOO_SLOW);
  });

  it("lets a path allow more", async () => {
    const roomy = app({ maxBytes: (path) => (path === "/api/leads" ? 200_000 : 10) });
    const answer = await roomy.request(send("POST", stream(2, 64 * 1024)));
    expect(await answer.json()).toEqual({ read: 128 * 1024 });
  });
});
