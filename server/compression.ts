import type { MiddlewareHandler } from "hono";
import zlib from "node:zlib";
import { preferredEncoding } from "./accept-encoding";

const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|javascript|manifest\+json|rss\+xml|ld\+json))/;
const MIN_BYTES = 1024;

/**
 * Compresses dynamic answers (pages, JSON, XML) with Node's zlib: brotli at a fast level
 * when the client takes it, else gzip. Static files are precompressed at build time.
 * (zlib streams cost a fraction of web CompressionStream's time per page here.)
 */
export function compressDynamic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD") return;
    if (res.headers.has("Content-Encoding") || res.headers.has("Content-Range")) return;
    if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    if (length < MIN_BYTES) return;
    if (/\bno-transform\b/.test(res.headers.get("Cache-Control") ?? "")) return;

    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    // Pages are rendered whole (no streamed Suspense boundaries yet), so compressing the
    // finished body in one call is cheaper than a stream per response.
    const raw = Buffer.from(await res.arrayBuffer());
    const body =
      encoding === "br"
        ? zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : zlib.gzipSync(raw, { level: 6 });
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
