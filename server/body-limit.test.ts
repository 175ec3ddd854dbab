import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  BODY_TOO_LARGE,
  BODY_TOO_SLOW,
  limitRequestBody,
  MAX_BODY_BYTES,
  MAX_PHOTO_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  maxBodyBytes,
} from "./body-limit";
import { EVENT_LIMITS } from "~/modules/analytics/event-catalogue";

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

  it("allows an image upload's size on the upload screens only, however spelt (R9.9)", async () => {
    const uploads = [
      "/admin/posts/new",
      "/admin/posts/new.data",
      "/admin/posts/new/",
      "/admin/posts/new/_.data",
      "/ADMIN/Posts/NEW",
      "/admin/posts/3f1c2a9e-0000-4000-8000-000000000001/edit",
      "/admin/posts/12/edit.data",
      "/admin/authors",
      "/admin/authors.data",
      "/admin/Authors/7",
      "/admin/giveaways/new",
      "/admin/giveaways/12.data",
    ];
    for (const path of uploads) expect(maxBodyBytes(path), path).toBe(MAX_UPLOAD_BODY_BYTES);
    const others = [
      "/",
      "/api/leads",
      "/admin/login",
      "/admin/posts",
      "/admin/posts.data",
      "/admin/posts/12",
      "/admin/posts/12/edit/extra",
      "/admin/posts/new-ish",
      "/admin/authorsx",
      "/admin/authors/7/delete",
      "/admin/giveaways",
      "/admin/giveaways/12/entries.csv",
      "/giveaway",
      "/admin/staff",
      "/admin/posts//edit",
      "/blog/admin/posts/new",
    ];
    for (const path of others) expect(maxBodyBytes(path), path).toBe(MAX_BODY_BYTES);
    // The analytics tracker's batches (docs/REQUIREMENTS.md R9.6).
    for (const path of ["/api/events", "/API/Events/"]) {
      expect(maxBodyBytes(path), path).toBe(EVENT_LIMITS.bodyBytes);
    }
    // A visitor's bathroom photo for the visualizer (docs/REQUIREMENTS.md R15.5).
    for (const path of ["/api/visualizer/renders", "/API/Visualizer/Renders/"]) {
      expect(maxBodyBytes(path), path).toBe(MAX_PHOTO_BODY_BYTES);
    }
    expect(maxBodyBytes("/api/visualizer/renders/1")).toBe(MAX_BODY_BYTES);

    const server = app({ maxBytes: maxBodyBytes });
    const post = (path: string) =>
      server.request(
        new Request(`http://localhost${path}`, {
          method: "POST",
          body: stream(3, 1024 * 1024),
          ...({ duplex: "half" } as object),
        }),
      );
    expect(await (await post("/admin/posts/new")).json()).toEqual({ read: 3 * 1024 * 1024 });
    expect((await post("/admin/leads")).status).toBe(413);
  });

  it("hands a multipart upload on intact, so an action reads the file from formData", async () => {
    const hono = new Hono();
    hono.use(limitRequestBody({ maxBytes: maxBodyBytes }));
    hono.post("*", async (c) => {
      const form = await c.req.raw.formData();
      const file = form.get("cover");
      if (!(file instanceof File)) return c.json({ file: null });
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json({ name: file.name, size: file.size, last: bytes.at(-1), alt: form.get("alt") });
    });
    const form = new FormData();
    const bytes = new Uint8Array(5 * 1024 * 1024).fill(7);
    bytes[bytes.length - 1] = 9;
    form.set("cover", new File([bytes], "kitchen.jpg", { type: "image/jpeg" }));
    form.set("alt", "A bright kitchen");
    const answer = await hono.request(
      new Request("http://localhost/admin/posts/new", { method: "POST", body: form }),
    );
    expect(await answer.json()).toEqual({
      name: "kitchen.jpg",
      size: 5 * 1024 * 1024,
      last: 9,
      alt: "A bright kitchen",
    });
  });
});
