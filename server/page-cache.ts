import type { Context, MiddlewareHandler } from "hono";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { preferredEncoding } from "./accept-encoding";
import { PAGE_CACHE_MARK } from "~/modules/platform/page-cache-policy";
import { createTurnBudget } from "./turn-budget";

/**
 * Hits answered in one turn of the event loop at most, so a flood of page requests cannot
 * hold a lead's database round trips back for long (docs/decisions/018).
 */
const HITS_PER_TURN = 16;

/**
 * Finished public pages kept in memory, so a burst of visitors (a TV spot) costs no
 * rendering, no database query and no compression (docs/decisions/015-page-cache.md).
 *
 * The app marks an answer that may be shared (modules/platform/page-cache-policy.ts); this
 * layer decides which requests may be answered from the cache, keeps each page with its
 * brotli and gzip bytes and an ETag, answers 304 to a matching If-None-Match, and lets go
 * of everything when told the content changed (a NOTIFY from any instance) or when a page
 * is older than its time to live. Memory is bounded: the least recently used pages go first.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Headers of the rendered answer that belong to that one response, not to the page. (The
 * app marks a page shareable only when it set no cookie of a visitor's own; the form
 * token's cookie comes from `visitorHeaders`.)
 */
const NOT_KEPT = new Set([
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "cache-control",
  // The HTTP layer gives every answer its own (server/app.ts).
  "x-content-type-options",
  "set-cookie",
  "vary",
  "x-request-id",
  "connection",
  "keep-alive",
  "transfer-encoding",
  PAGE_CACHE_MARK,
]);

interface CachedPage {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  bytes: number;
  expiresAt: number;
}

/** What the cache reads of a request: its method, its address and its headers. */
export interface PageRequest {
  method: string;
  /** The address as the visitor used it (the proxy's scheme and host; server/forwarded.ts). */
  url: URL;
  header(name: string): string | undefined;
}

/** A finished answer from memory, for either way of sending it. */
export interface PageAnswer {
  status: number;
  headers: [string, string][];
  /** Null for a 304 and for HEAD. */
  body: Buffer | null;
}

export interface PageCacheOptions {
  /** Memory for the pages' bytes (all three encodings); 0 turns the cache off. */
  maxBytes: number;
  /** How long a page is served before it is rendered again, whatever happens. */
  ttlMs: number;
  /** The request as the visitor addressed it; by default Hono's own request. */
  pageRequestOf?(c: Context): PageRequest;
  /**
   * Whether this request may be answered with what every visitor gets: no session, no
   * query string, nothing that attribution must record.
   */
  isShareableRequest(request: PageRequest): boolean;
  /** The cache key: the address as the visitor used it (origin and path). */
  keyOf(request: PageRequest): string;
  /** Headers a shared answer still gets for this one visitor (e.g. a cookie). */
  visitorHeaders?(request: PageRequest): [string, string][];
  now?: () => number;
}

export interface PageCache {
  middleware: MiddlewareHandler;
  /**
   * The kept answer for a request, without going through the app: undefined when the
   * request is not one to share or its page is not kept. A promise when this turn's budget
   * of hits is spent (the answer comes in a later turn). server/fast-hits.ts sends it
   * straight to the socket.
   */
  answerFromMemory(request: PageRequest): PageAnswer | Promise<PageAnswer> | undefined;
  /** Empties the cache; a render already under way is not kept either. */
  clear(): void;
  /** Empties the cache and keeps nothing from now on. */
  disable(): void;
  stats(): { pages: number; bytes: number; hits: number; misses: number };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const pageRequestOf = options.pageRequestOf ?? honoPageRequest;
  let maxBytes = options.maxBytes;
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const answerTurn = createTurnBudget(HITS_PER_TURN);

  const remove = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };

  const keep = (key: string, page: CachedPage) => {
    if (page.bytes > maxBytes / 4) return;
    remove(key);
    pages.set(key, page);
    bytes += page.bytes;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  /**
   * The kept page to answer with. One past its time to live is still given while another
   * request renders it again: a burst does not stall on each renewal, and the renewed page
   * replaces it within one render. The first request after expiry renders.
   */
  const lookup = (key: string): CachedPage | undefined => {
    const page = pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= now() && !rendering.has(key)) return undefined;
    // Most recently used goes last.
    pages.delete(key);
    pages.set(key, page);
    return page;
  };

  /** The key of a request the cache may answer, or undefined. */
  const cacheKeyOf = (request: PageRequest): string | undefined => {
    if (maxBytes <= 0 || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
    return options.isShareableRequest(request) ? options.keyOf(request) : undefined;
  };

  const answerPage = (request: PageRequest, page: CachedPage): PageAnswer => {
    hits += 1;
    return answer(request, page, options.visitorHeaders?.(request) ?? []);
  };

  const answerFromMemory = (
    request: PageRequest,
    key = cacheKeyOf(request),
  ): PageAnswer | Promise<PageAnswer> | undefined => {
    const cached = key === undefined ? undefined : lookup(key);
    if (!cached) return undefined;
    const turn = answerTurn();
    return turn ? turn.then(() => answerPage(request, cached)) : answerPage(request, cached);
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = pageRequestOf(c);
    const key = cacheKeyOf(request);
    if (key === undefined) {
      await next();
      stripMark(c);
      return;
    }
    const fromMemory = answerFromMemory(request, key);
    if (fromMemory) {
      respond(c, await fromMemory);
      return;
    }

    const underWay = rendering.get(key);
    if (underWay) {
      const page = await underWay;
      if (page) {
        respond(c, answerPage(request, page));
        return;
      }
    }

    // This request renders the page; requests arriving meanwhile wait for it.
    misses += 1;
    const startedIn = generation;
    let settle: (page: CachedPage | null) => void = () => {};
    const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    if (!underWay) rendering.set(key, promise);
    try {
      await next();
      const response = c.res;
      const shareable =
        response.headers.get(PAGE_CACHE_MARK) === "1" &&
        response.status === 200 &&
        !response.headers.has("Content-Encoding") &&
        response.body !== null;
      if (!shareable || request.method === "HEAD") {
        stripMark(c);
        settle(null);
        return;
      }
      const page = await cachedPage(response, now() + options.ttlMs);
      // A change while this page rendered may not be in it: serve it once, do not keep it.
      if (generation === startedIn) keep(key, page);
      settle(generation === startedIn ? page : null);
      respond(c, answerPage(request, page));
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (rendering.get(key) === promise) rendering.delete(key);
      // An expired page this render did not replace is not given again.
      const kept = pages.get(key);
      if (kept && kept.expiresAt <= now()) remove(key);
    }
  };

  const clear = () => {
    generation += 1;
    pages.clear();
    rendering.clear();
    bytes = 0;
  };
  return {
    middleware,
    answerFromMemory: (request) => answerFromMemory(request),
    clear,
    disable() {
      maxBytes = 0;
      clear();
    },
    stats: () => ({ pages: pages.size, bytes, hits, misses }),
  };
}

function honoPageRequest(c: Context): PageRequest {
  return { method: c.req.method, url: new URL(c.req.url), header: (name) => c.req.header(name) };
}

/**
 * Hono copies the previous answer's headers onto one assigned to `c.res`; a cached page
 * must carry only its own (the rendered page's length or mark must not leak into it).
 */
function respond(c: Context, { status, headers, body }: PageAnswer) {
  c.res = undefined;
  c.res = new Response(body === null ? null : new Uint8Array(body), { status, headers });
}

function stripMark(c: Context) {
  if (c.res.headers.has(PAGE_CACHE_MARK)) c.res.headers.delete(PAGE_CACHE_MARK);
}

async function cachedPage(response: Response, expiresAt: number): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name.toLowerCase())) headers.push([name, value]);
  });
  const digest = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  return {
    status: response.status,
    headers,
    identity,
    br,
    gzip: gz,
    // One validator for every encoding of the same page, so it is a weak one.
    etag: `W/"${digest}"`,
    bytes: identity.length + br.length + gz.length,
    expiresAt,
  };
}

/** Headers a 304 leaves out: they describe a body it does not have. */
const NOT_ON_304 = new Set(["content-type", "content-security-policy"]);

function answer(
  request: PageRequest,
  page: CachedPage,
  visitorHeaders: [string, string][],
): PageAnswer {
  const notModified = matchesEtag(request.header("if-none-match"), page.etag);
  const headers: [string, string][] = notModified
    ? page.headers.filter(([name]) => !NOT_ON_304.has(name))
    : [...page.headers];
  headers.push(
    ["etag", page.etag],
    ["vary", "Accept-Encoding"],
    // Browsers may keep the page but must ask again; the ETag makes that answer a 304.
    ["cache-control", "no-cache"],
    ...visitorHeaders,
  );
  if (notModified) return { status: 304, headers, body: null };

  const encoding = preferredEncoding(request.header("accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding) headers.push(["content-encoding", encoding]);
  headers.push(["content-length", String(body.length)]);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

/** If-None-Match compares weakly: `*`, or any listed tag with the same opaque part. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}
