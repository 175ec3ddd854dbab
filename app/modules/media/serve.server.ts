import type { Database } from "~/db/client.server";
import type { ImageFormat } from "./pipeline.server";
import { findImageVariant } from "./uploads.server";

/** `{width}-{hash}.{format}`, as `imageUrl` writes it. */
const VARIANT_FILE = /^(\d{1,5})-([0-9a-f]{10})\.(avif|webp)$/;

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/** The bytes never change under one address (the hash is part of it). */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The answer for `/media/{imageId}/{file}`: the stored variant's bytes, cached for a year,
 * with its hash as the ETag (304 when the browser already has it). Anything unknown or
 * malformed (id, width, hash, format) is a plain 404, never a server error.
 */
export async function mediaResponse(
  db: Database,
  params: { imageId?: string; file?: string },
  request: Request,
): Promise<Response> {
  const match = VARIANT_FILE.exec(params.file ?? "");
  if (!match || !params.imageId) return notFound();
  const key = {
    imageId: params.imageId,
    width: Number(match[1]),
    format: match[3] as ImageFormat,
  };
  const hash = match[2]!;
  const etag = `"${hash}"`;
  const cached = sameEntity(request.headers.get("if-none-match"), hash);

  const variant = await findImageVariant(db, key, !cached);
  // The hash must be the stored one: an old or guessed address is not an alias.
  if (!variant || variant.hash !== hash) return notFound();
  const headers = { ETag: etag, "Cache-Control": IMMUTABLE };
  if (cached || !variant.data) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(variant.data), {
    headers: {
      ...headers,
      "Content-Type": CONTENT_TYPES[key.format],
      "Content-Length": String(variant.data.byteLength),
    },
  });
}

/** Whether If-None-Match names this entity (weak or strong, or `*`). */
function sameEntity(header: string | null, hash: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === `"${hash}"`);
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
