import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { redirects, type RedirectType } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import { runtimeContext } from "~/modules/platform/context";
import { createLogger } from "~/modules/platform/logger.server";
import type { Runtime } from "~/modules/platform/runtime.server";
import { CLIENT_REDIRECT_DELAY_MS, redirectMiddleware } from "./redirect-middleware.server";
import { redirectEngine } from "./redirect-engine.server";

const database = testDatabaseForFile();
const PAGE = "the page itself";

/** The rules the requests below meet, as from, to and status. */
const RULES: [fromPath: string, toPath: string, type: RedirectType][] = [
  ["/old", "/new", 301],
  ["/temp", "/elsewhere?from=temp", 307],
  ["/gone", "", 410],
  ["/partner", "https://partner.example/landing", 302],
  ["/admin-tips", "/tips", 301],
  ["/café/*", "/coffee/*", 308],
];

beforeAll(async () => {
  await database.db
    .insert(redirects)
    .values(RULES.map(([fromPath, toPath, type]) => ({ fromPath, toPath, type })));
});

async function answer(path: string, init: RequestInit = {}) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, {
    db: database.db,
    logger: createLogger({ level: "silent" }),
  } as unknown as Runtime);
  const request = new Request(new URL(path, "http://localhost"), init);
  const started = Date.now();
  const response = (await redirectMiddleware(
    { request, context, params: {}, pattern: "/*" } as never,
    async () => new Response(PAGE, { status: 200 }),
  )) as Response;
  return { response, elapsed: Date.now() - started };
}

describe("the redirect middleware (R12.3)", () => {
  it("answers a page request with the rule's status and Location, query kept", async () => {
    const { response } = await answer("/OLD/?utm_source=mail");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/new?utm_source=mail");
    const temp = (await answer("/temp?x=1")).response;
    expect(temp.status).toBe(307);
    expect(temp.headers.get("location")).toBe("/elsewhere?from=temp&x=1");
    const head = (await answer("/old", { method: "HEAD" })).response;
    expect(head.status).toBe(301);
  });

  it("serialises a target with other characters as ASCII", async () => {
    const { response } = await answer("/caf%C3%A9/cr%C3%A8me");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/coffee/cr%C3%A8me");
  });

  it("answers 410 with a small page linking home", async () => {
    const { response } = await answer("/gone");
    expect(response.status).toBe(410);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("This page was removed");
    expect(html).toContain('<a href="/">Go to the home page</a>');
    expect(await (await answer("/gone", { method: "HEAD" })).response.text()).toBe("");
  });

  it("leaves other methods, other paths and the staff, affiliate and API areas alone", async () => {
    for (const [path, method] of [
      ["/old", "POST"],
      ["/nothing-here", "GET"],
      ["/admin", "GET"],
      ["/ADMIN/redirects", "GET"],
      ["/%61dmin", "GET"],
      ["/Affiliate/login", "GET"],
      ["/api/leads", "GET"],
      ["/api/leads.data", "GET"],
    ] as const) {
      const { response } = await answer(path, { method });
      expect(await response.text(), `${method} ${path}`).toBe(PAGE);
    }
    // A rule whose path merely starts with "admin" is still applied.
    expect((await answer("/admin-tips")).response.status).toBe(301);
  });

  it("answers a client navigation's data request after 100 ms (R4.8)", async () => {
    const inApp = await answer("/old.data?_routes=routes%2F_site%2Flayout&page=2");
    expect(inApp.elapsed).toBeGreaterThanOrEqual(CLIENT_REDIRECT_DELAY_MS - 5);
    expect(inApp.response.status).toBe(301);
    expect(inApp.response.headers.get("location")).toBe("/new?page=2");
    expect(inApp.response.headers.has("x-remix-reload-document")).toBe(false);

    const outside = (await answer("/partner.data")).response;
    expect(outside.headers.get("location")).toBe("https://partner.example/landing");
    expect(outside.headers.get("x-remix-reload-document")).toBe("true");

    // A 410 is loaded as a page, so the browser shows it.
    const gone = (await answer("/gone.data?_routes=x&q=1")).response;
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe("/gone?q=1");
    expect(gone.headers.get("x-remix-reload-document")).toBe("true");
  });

  it("counts the hits it answered", async () => {
    await redirectEngine(database.db).flush();
    const [before] = await database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/old"));
    await Promise.all(Array.from({ length: 25 }, () => answer("/old")));
    await redirectEngine(database.db).flush();
    const [after] = await database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/old"));
    expect(after!.hitCount - before!.hitCount).toBe(25);
    expect(after!.lastHit).not.toBeNull();
  });
});
