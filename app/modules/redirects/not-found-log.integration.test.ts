import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditEvents, notFoundPaths } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import { runHousekeeping } from "~/modules/jobs/housekeeping.server";
import { runtimeContext } from "~/modules/platform/context";
import type { Runtime } from "~/modules/platform/runtime.server";
import {
  addNotFoundHits,
  dismissNotFoundPath,
  NOT_FOUND_MESSAGES,
  notFoundHitOf,
  notFoundLogFor,
  notFoundLogMiddleware,
  notFoundLogPage,
  type NotFoundHit,
} from "./not-found-log.server";

/** The 404 log (docs/REQUIREMENTS.md R4.12, R9.10) on the real database. */

const database = testDatabaseForFile();
const logger = { error: vi.fn() };
const actor = { id: null as unknown as string, email: "editor@example.com", ip: "198.18.0.1" };

const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// A failed write is only logged, so a test that passes must not have logged one.
afterEach(() => expect(logger.error).not.toHaveBeenCalled());

let unique = 0;
/** A path no other test uses. */
const freshPath = (name: string) => `/gone/${name}-${++unique}`;

const entryOf = async (path: string) => {
  const [row] = await database.db.select().from(notFoundPaths).where(eq(notFoundPaths.path, path));
  return row;
};

/** The log's middleware around a page that answers `status`, as the site's layout runs it. */
async function visit(url: string, init: RequestInit & { status?: number } = {}) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, { db: database.db, logger } as unknown as Runtime);
  const request = new Request(new URL(url, "http://localhost"), init);
  const response = await notFoundLogMiddleware(
    { request, context, params: {}, unstable_pattern: "/*" } as never,
    async () => new Response("page", { status: init.status ?? 404 }),
  );
  await notFoundLogFor(database.db, logger).settled();
  return response as Response;
}

describe("recording", () => {
  it("logs a 404 to a person, with the referrer's origin and path only (R4.12)", async () => {
    const path = freshPath("person");
    const answer = await visit(path, {
      headers: { "user-agent": PERSON, referer: "https://example.org/blog/post?email=a@b.c#x" },
    });
    expect(answer.status).toBe(404);
    expect(await entryOf(path)).toMatchObject({
      path,
      count: 1,
      referrers: { "https://example.org/blog/post": 1 },
      dismissedAt: null,
    });
  });

  it("leaves out bots, other methods, answers other than 404 and the non-public areas", async () => {
    const path = freshPath("ignored");
    await visit(path, { headers: { "user-agent": CRAWLER } });
    await visit(path, { method: "POST", headers: { "user-agent": PERSON } });
    await visit(path, { headers: { "user-agent": PERSON }, status: 200 });
    await visit(`/admin${path}`, { headers: { "user-agent": PERSON } });
    await visit(`/API${path}`, { headers: { "user-agent": PERSON } });
    await visit(`/affiliate${path}`, { headers: { "user-agent": PERSON } });
    await visit(`/${"x".repeat(300)}`, { headers: { "user-agent": PERSON } });
    for (const probe of ["/wp-login.php", "/.env", "/.git/config", "/.well-known/x", "/a.aspx"]) {
      await visit(`${path}${probe}`, { headers: { "user-agent": PERSON } });
    }
    const rows = await database.db
      .select({ path: notFoundPaths.path })
      .from(notFoundPaths)
      .where(sql`${notFoundPaths.path} like ${`%${path}%`} or length(${notFoundPaths.path}) > 300`);
    expect(rows).toEqual([]);
  });

  it("logs a navigation inside the browser under the page's own path", async () => {
    const path = freshPath("navigation");
    await visit(`${path}.data?_routes=routes%2F_site%2Fnot-found`, {
      headers: { "user-agent": PERSON },
    });
    expect(await entryOf(path)).toMatchObject({ count: 1 });
  });

  it("adds up many hits exactly, however they are batched", async () => {
    const path = freshPath("many");
    const log = notFoundLogFor(database.db, logger);
    const request = new Request(new URL(path, "http://localhost"), {
      headers: { "user-agent": PERSON },
    });
    for (let i = 0; i < 150; i += 1) {
      log.record(notFoundHitOf(request)!);
      // Some hits arrive while a write is under way.
      if (i % 40 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await log.settled();
    await addNotFoundHits(
      database.db,
      Array.from({ length: 50 }, () => notFoundHitOf(request)!),
    );
    expect((await entryOf(path))?.count).toBe(200);
  });

  it("widens first and last seen", async () => {
    const path = freshPath("seen");
    const at = (iso: string): NotFoundHit => ({ path, referrer: null, at: new Date(iso) });
    await addNotFoundHits(database.db, [at("2026-03-10T12:00:00Z")]);
    await addNotFoundHits(database.db, [at("2026-03-01T12:00:00Z"), at("2026-03-20T12:00:00Z")]);
    expect(await entryOf(path)).toMatchObject({
      firstSeen: new Date("2026-03-01T12:00:00Z"),
      lastSeen: new Date("2026-03-20T12:00:00Z"),
      count: 3,
    });
  });

  it("keeps the ten referrers that sent the most people, counted across batches", async () => {
    const path = freshPath("referrers");
    const hits = (referrer: string, times: number): NotFoundHit[] =>
      Array.from({ length: times }, () => ({ path, referrer, at: new Date() }));
    // Twelve referrers: site-1 sends 1 person, ..., site-12 sends 12.
    await addNotFoundHits(
      database.db,
      Array.from({ length: 12 }, (_, i) => hits(`https://site-${i + 1}.example/`, i + 1)).flat(),
    );
    // A later batch makes site-1 the best referrer: its earlier count is kept in the sum.
    await addNotFoundHits(database.db, hits("https://site-1.example/", 20));
    const entry = await entryOf(path);
    expect(Object.keys(entry!.referrers)).toHaveLength(10);
    expect(entry!.referrers["https://site-1.example/"]).toBe(21);
    expect(entry!.referrers["https://site-12.example/"]).toBe(12);
    expect(entry!.referrers["https://site-3.example/"]).toBeUndefined();
    expect(entry!.count).toBe(78 + 20);

    const page = await notFoundLogPage(database.db, {
      sort: "recent",
      showDismissed: false,
      page: 1,
    });
    const listed = page.entries.find((item) => item.path === path);
    expect(listed?.referrers.slice(0, 2)).toEqual([
      { url: "https://site-1.example/", count: 21 },
      { url: "https://site-12.example/", count: 12 },
    ]);
  });
});

describe("the staff screen's list and dismissal", () => {
  it("sorts by hits or by last seen, hides dismissed entries, and a new hit brings one back", async () => {
    const busy = freshPath("busy");
    const recent = freshPath("recent");
    const hit = (path: string, iso = new Date().toISOString()): NotFoundHit => ({
      path,
      referrer: null,
      at: new Date(iso),
    });
    await addNotFoundHits(database.db, [
      ...Array.from({ length: 500 }, () => hit(busy, "2026-01-01T00:00:00Z")),
      hit(recent, "2099-01-01T00:00:00Z"),
    ]);
    const byHits = await notFoundLogPage(database.db, {
      sort: "hits",
      showDismissed: false,
      page: 1,
    });
    expect(byHits.entries[0]?.path).toBe(busy);
    const byRecent = await notFoundLogPage(database.db, {
      sort: "recent",
      showDismissed: false,
      page: 1,
    });
    expect(byRecent.entries[0]?.path).toBe(recent);

    const id = byHits.entries[0]!.id;
    expect(await dismissNotFoundPath(database, actor, id)).toEqual({ ok: true, changed: true });
    expect(await dismissNotFoundPath(database, actor, id)).toEqual({ ok: true, changed: false });
    expect(await dismissNotFoundPath(database, actor, 999_999_999)).toEqual({
      ok: false,
      error: NOT_FOUND_MESSAGES.gone,
    });
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `not_found_path:${id}`));
    expect(audit).toMatchObject({ action: "not_found.dismiss", details: { path: busy } });

    const hidden = await notFoundLogPage(database.db, {
      sort: "hits",
      showDismissed: false,
      page: 1,
    });
    expect(hidden.entries.some((entry) => entry.path === busy)).toBe(false);
    expect(hidden.total).toBe(byHits.total - 1);
    const shown = await notFoundLogPage(database.db, {
      sort: "hits",
      showDismissed: true,
      page: 1,
    });
    expect(shown.entries.find((entry) => entry.path === busy)?.dismissedAt).toBeInstanceOf(Date);

    // A hit from before the dismissal (still on its way) does not bring it back; a new one does.
    await addNotFoundHits(database.db, [hit(busy, "2026-01-02T00:00:00Z")]);
    expect((await entryOf(busy))?.dismissedAt).toBeInstanceOf(Date);
    await addNotFoundHits(database.db, [hit(busy)]);
    expect(await entryOf(busy)).toMatchObject({ dismissedAt: null, count: 502 });
  });
});

describe("housekeeping", () => {
  it("purges entries nobody reached for 90 days (R9.10)", async () => {
    const stale = freshPath("stale");
    const kept = freshPath("kept");
    const daysAgo = (days: number): NotFoundHit => ({
      path: "",
      referrer: null,
      at: new Date(Date.now() - days * 86_400_000),
    });
    await addNotFoundHits(database.db, [
      { ...daysAgo(91), path: stale },
      { ...daysAgo(200), path: kept },
      { ...daysAgo(89), path: kept },
    ]);
    const before = await database.db.select({ path: notFoundPaths.path }).from(notFoundPaths);
    const staleBefore = before.filter((row) => row.path !== kept).length;
    const results = await runHousekeeping(database.db);
    expect(await entryOf(stale)).toBeUndefined();
    expect(await entryOf(kept)).toMatchObject({ count: 2 });
    expect(results.staleNotFoundPaths).toBeGreaterThanOrEqual(1);
    expect(results.staleNotFoundPaths).toBeLessThanOrEqual(staleBefore);
  });
});
