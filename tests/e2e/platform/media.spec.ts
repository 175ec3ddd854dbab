import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { createDatabase, postgresReachable } from "../support/postgres";
import { rawRequest } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server";

/**
 * Uploaded images as the production server answers them (docs/REQUIREMENTS.md R4.11 and
 * R9.9): the bytes from the database with their type and a year's caching, 304 for a
 * browser that has them, 404 for anything else, and nothing in the way (compression,
 * cookies, request ids). The image is put in the database directly: this checks serving.
 */

let server: RunningServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
const imageId = "6f1d8a52-3c1e-4b7a-9d3e-2a9c0b7e4f11";
let webp: Buffer;
let hash: string;

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  server = await startServer({ env: { DATABASE_URL: database.url } });
  webp = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#8fa3b0" } })
    .webp()
    .toBuffer();
  hash = "0123abcd45";
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `insert into images (id, width, height, placeholder, original_name)
       values ($1, 480, 320, '#8fa3b0', 'shower.jpg')`,
      [imageId],
    );
    await client.query(
      `insert into image_variants (image_id, width, height, format, hash, data)
       values ($1, 480, 320, 'webp', $2, $3)`,
      [imageId, hash, webp],
    );
  } finally {
    await client.end();
  }
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  await database?.drop();
});

test("serves an uploaded image's bytes, cached for a year, and 304 when unchanged", async ({
  request,
}) => {
  const url = `${server!.baseUrl}/media/${imageId}/480-${hash}.webp?utm_source=newsletter`;
  const answer = await request.get(url, {
    headers: { "Accept-Encoding": "br, gzip", Referer: "https://elsewhere.example/post" },
  });
  expect(answer.status()).toBe(200);
  const headers = answer.headers();
  expect(headers["content-type"]).toBe("image/webp");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headers["etag"]).toBe(`"${hash}"`);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-encoding"]).toBeUndefined();
  expect(headers["set-cookie"]).toBeUndefined();
  expect(Buffer.from(await answer.body()).equals(webp)).toBe(true);

  const again = await request.get(url, { headers: { "If-None-Match": `"${hash}"` } });
  expect(again.status()).toBe(304);
  expect(again.headers()["etag"]).toBe(`"${hash}"`);

  const head = await rawRequest(server!.baseUrl, `/media/${imageId}/480-${hash}.webp`, {
    method: "HEAD",
  });
  expect(head.status).toBe(200);
  expect(head.headers["content-type"]).toBe("image/webp");
  expect(head.body).toBe("");
});

test("answers 404, never a server error, to any other address under /media", async () => {
  const paths = [
    `/media/${imageId}/480-${hash}.avif`,
    `/media/${imageId}/480-9999999999.webp`,
    `/media/${imageId}/800-${hash}.webp`,
    `/media/${imageId}/480-${hash}.svg`,
    `/media/${imageId}/480-${hash}`,
    `/media/${imageId}/..%2f..%2fetc%2fpasswd`,
    `/media/${imageId}/%00-${hash}.webp`,
    `/media/${imageId}/480-${hash}.webp/extra`,
    `/media/00000000-0000-4000-8000-000000000000/480-${hash}.webp`,
    `/media/not-a-uuid/480-${hash}.webp`,
    `/media/${imageId.toUpperCase()}x/480-${hash}.webp`,
    `/media/${"9".repeat(3000)}/${"1".repeat(3000)}-${hash}.webp`,
    `/media/${imageId}/4294967296-${hash}.webp`,
  ];
  for (const path of paths) {
    const answer = await rawRequest(server!.baseUrl, path);
    expect([400, 404], path).toContain(answer.status);
  }
});

test("lets the upload screens take an image-sized body, and no other path (R9.9)", async () => {
  const boundary = "----lumen-test-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="big.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    ),
    Buffer.alloc(3 * 1024 * 1024, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const send = (path: string) =>
    rawRequest(server!.baseUrl, path, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        Origin: server!.baseUrl,
      },
      body,
    });
  // Read in full, then refused by the staff guard (or unknown here): never stored.
  for (const path of ["/admin/posts/new", "/admin/authors"]) {
    const answer = await send(path);
    expect(answer.status, path).not.toBe(413);
    expect(answer.status, path).toBeLessThan(500);
  }
  expect((await send("/admin/staff")).status).toBe(413);
});
