import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_MARK } from "~/modules/platform/page-cache-policy";
import { createPageCache, type PageCacheOptions } from "./page-cache";

/** An app whose pages count their renders; `?`-less GETs without a session are shareable. */
function setup(overrides: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000;
  const renders: string[] = [];
  let release: (() => void) | undefined;
  let version = 1;
  let shareable = true;
  const cache = createPageCache({
    maxBytes: 1024 * 1024,
    ttlMs: 60_000,
    isShareableRequest: ({ url, header }) => !url.search && !header("cookie"),
    keyOf: ({ url }) => url.pathname,
    visitorHeaders: ({ header }) =>
      header("x-new-visitor") ? [["Set-Cookie", "token=fresh"]] : [],
    now: () => clock,
    ...overrides,
  });
  const app = new Hono();
  app.use(cache.middleware);
  app.get("/slow", async () => {
    renders.push("/slow");
    // What the page shows is read when its render starts.
    const shown = version;
    await new Promise<void>((resolve) => (release = resolve));
    return page(`slow v${shown}`);
  });
  app.get("/private", () => {
    renders.push("/private");
    return new Response("<p>yours</p>", { headers: { "Content-Type": "text/html" } });
  });
  app.get("/missing", () => {
    renders.push("/missing");
    return page("not here", 404);
  });
  app.get("*", (c) => {
    renders.push(c.req.path);
    const response = page(`${c.req.path} v${version} ${"text ".repeat(400)}`);
    if (!shareable) response.headers.delete(PAGE_CACHE_MARK);
    return response;
  });
  return {
    cache,
    renders,
    get: (path: string, headers: Record<string, string> = {}) =>
      app.request(path, { headers: { "Accept-Encoding": "br, gzip", ...headers } }),
    head: (path: string) => app.request(path, { method: "HEAD" }),
    advance: (ms: number) => (clock += ms),
    bump: () => (version += 1),
    setShareable: (value: boolean) => (shareable = value),
    release: () => release?.(),
  };
}

function page(text: string, status = 200): Response {
  return new Response(`<html><body>${text}</body></html>`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "script-src 'self'",
      [PAGE_CACHE_MARK]: "1",
      "X-Request-Id": "from-the-render",
    },
  });
}

const text = async (response: Response) => {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("Content-Encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return bytes.toString();
};

describe("the page cache", () => {
  it("renders a shareable page once and serves it compressed, with an ETag and the page's own headers", async () => {
    const { get, renders } = setup();
    const first = await get("/");
    const second = await get("/", { "Accept-Encoding": "gzip" });
    const plain = await get("/", { "Accept-Encoding": "identity" });
    expect(renders).toEqual(["/"]);
    expect(first.headers.get("Content-Encoding")).toBe("br");
    expect(second.headers.get("Content-Encoding")).toBe("gzip");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const bodies = await Promise.all([first, second, plain].map(text));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain("/ v1");
    for (const answer of [first, second, plain]) {
      expect(answer.headers.get("ETag")).toMatch(/^W\/"[\w-]{22}"$/);
      expect(answer.headers.get("ETag")).toBe(first.headers.get("ETag"));
      expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
      expect(answer.headers.get("Cache-Control")).toBe("no-cache");
      expect(answer.headers.get("Content-Security-Policy")).toBe("script-src 'self'");
      // The render's own request id and the app's mark never reach a client.
      expect(answer.headers.get("X-Request-Id")).toBeNull();
      expect(answer.headers.get(PAGE_CACHE_MARK)).toBeNull();
    }
    expect(Number(first.headers.get("Content-Length"))).toBeLessThan(
      Number(plain.headers.get("Content-Length")),
    );
  });

  it("answers 304 to a matching If-None-Match, weak or strong, and 200 to another", async () => {
    const { get } = setup();
    const etag = (await get("/")).headers.get("ETag")!;
    const notModified = await get("/", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect((await get("/", { "If-None-Match": etag.replace("W/", "") })).status).toBe(304);
    expect((await get("/", { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
    expect((await get("/", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("keeps nothing the app did not mark, nor errors, nor answers to unshareable requests", async () => {
    const { get, renders } = setup();
    await get("/private");
    await get("/private");
    await get("/missing");
    await get("/missing");
    await get("/?utm_source=tv");
    await get("/?utm_source=tv");
    await get("/", { cookie: "session=1" });
    await get("/", { cookie: "session=1" });
    expect(renders).toEqual(["/private", "/private", "/missing", "/missing", "/", "/", "/", "/"]);
    // The unmarked page and the requests that skipped the cache keep their own headers.
    const rendered = await get("/private");
    expect(rendered.headers.get("ETag")).toBeNull();
    expect((await get("/missing")).headers.get(PAGE_CACHE_MARK)).toBeNull();
  });

  it("gives a visitor their own headers with the shared page", async () => {
    const { get } = setup();
    await get("/");
    const answer = await get("/", { "x-new-visitor": "1" });
    expect(answer.headers.get("Set-Cookie")).toBe("token=fresh");
    expect((await get("/")).headers.get("Set-Cookie")).toBeNull();
  });

  it("renders again once emptied or past its time to live", async () => {
    const { cache, get, renders, advance, bump } = setup();
    await get("/");
    bump();
    expect(await text(await get("/"))).toContain("/ v1");
    cache.clear();
    expect(await text(await get("/"))).toContain("/ v2");
    advance(59_000);
    bump();
    expect(await text(await get("/"))).toContain("/ v2");
    advance(2_000);
    expect(await text(await get("/"))).toContain("/ v3");
    expect(renders).toEqual(["/", "/", "/"]);
  });

  it("lets requests arriving during a render wait for it, and keeps no render that a change overtook", async () => {
    const { cache, get, renders, release, bump } = setup();
    const waiting = [get("/slow"), get("/slow"), get("/slow")];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renders).toEqual(["/slow"]);
    release();
    const answers = await Promise.all(waiting);
    expect(await Promise.all(answers.map(text))).toEqual([
      "<html><body>slow v1</body></html>",
      "<html><body>slow v1</body></html>",
      "<html><body>slow v1</body></html>",
    ]);

    // A change lands while the page renders: that render is served once, not kept.
    cache.clear();
    const during = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.clear();
    bump();
    release();
    expect(await text(await during)).toContain("slow v1");
    const after = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(await text(await after)).toContain("slow v2");
    expect(renders).toEqual(["/slow", "/slow", "/slow"]);
  });

  it("past its time to live, gives the kept page to requests arriving while one renders it again", async () => {
    const { get, renders, release, bump, advance } = setup();
    const first = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(await text(await first)).toContain("slow v1");

    advance(61_000);
    bump();
    // The first request after expiry renders; the ones meanwhile are not held up by it.
    const renewing = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await text(await get("/slow"))).toContain("slow v1");
    expect(renders).toEqual(["/slow", "/slow"]);
    release();
    expect(await text(await renewing)).toContain("slow v2");
    expect(await text(await get("/slow"))).toContain("slow v2");
    expect(renders).toEqual(["/slow", "/slow"]);
  });

  it("lets an expired page go once its renewal is not kept", async () => {
    const { cache, get, renders, advance, bump, setShareable } = setup();
    await get("/");
    expect(cache.stats().pages).toBe(1);
    advance(61_000);
    bump();
    setShareable(false);
    expect(await text(await get("/"))).toContain("/ v2");
    // Nothing is left that a later request could be given while a render is under way.
    expect(cache.stats().pages).toBe(0);
    expect(renders).toEqual(["/", "/"]);
  });

  it("holds its memory bound, letting the least recently used page go first", async () => {
    const probe = setup();
    await probe.get("/a");
    const pageBytes = probe.cache.stats().bytes;
    const { cache, get, renders } = setup({ maxBytes: pageBytes * 4 + 10 });
    for (const path of ["/a", "/b", "/c", "/d"]) await get(path);
    await get("/a"); // now the most recently used
    await get("/e"); // over the bound: /b goes
    expect(cache.stats().pages).toBe(4);
    expect(cache.stats().bytes).toBeLessThanOrEqual(pageBytes * 4 + 10);
    renders.length = 0;
    await get("/a");
    await get("/b");
    expect(renders).toEqual(["/b"]);
  });

  it("does nothing when given no memory, and stops keeping pages once disabled", async () => {
    const off = setup({ maxBytes: 0 });
    await off.get("/");
    await off.get("/");
    expect(off.renders).toEqual(["/", "/"]);
    expect((await off.get("/")).headers.get(PAGE_CACHE_MARK)).toBeNull();

    const { cache, get, renders } = setup();
    await get("/");
    cache.disable();
    await get("/");
    await get("/");
    expect(renders).toEqual(["/", "/", "/"]);
  });

  it("answers HEAD from the cache without a body", async () => {
    const { get, head, renders } = setup();
    await get("/");
    const answer = await head("/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("ETag")).toMatch(/^W\//);
    expect(await answer.text()).toBe("");
    expect(renders).toEqual(["/"]);
  });
});
