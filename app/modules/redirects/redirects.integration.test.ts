import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, redirects, users } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { exportRedirects, importRedirects, IMPORT_MESSAGES } from "./redirect-csv.server";
import { RedirectEngine, redirectEngine } from "./redirect-engine.server";
import {
  createRedirect,
  deleteRedirect,
  listRedirects,
  REDIRECT_ADMIN_MESSAGES,
  setRedirectActive,
  updateRedirect,
} from "./redirects.server";

const database = testDatabaseForFile();
const actor: Actor = { id: "editor-1", email: "editor@example.com", ip: "203.0.113.9" };

beforeAll(async () => {
  await database.db
    .insert(users)
    .values({ id: actor.id, name: "Eden Editor", email: actor.email, role: "editor" });
});

const rule = (fromPath: string, toPath: string, type = 301, isActive = true) => ({
  fromPath,
  toPath,
  type,
  isActive,
});

async function ruleFor(fromPath: string) {
  const [row] = await database.db.select().from(redirects).where(eq(redirects.fromPath, fromPath));
  return row;
}

describe("saving rules (R12.4)", () => {
  it("stores the path normalised, audits, and finds the rule at once", async () => {
    const outcome = await createRedirect(database, actor, rule("/Old-Kitchens/", "/bathrooms"));
    expect(outcome).toMatchObject({ ok: true });
    expect(await ruleFor("/old-kitchens")).toMatchObject({ toPath: "/bathrooms", type: 301 });
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "redirect.create"));
    expect(audit).toMatchObject({
      actorEmail: actor.email,
      details: { fromPath: "/old-kitchens" },
    });
    const answer = await redirectEngine(database.db).answer("/OLD-KITCHENS", "?a=1");
    expect(answer).toMatchObject({ type: 301, location: "/bathrooms?a=1" });
  });

  it("refuses a second rule for the same path", async () => {
    expect(await createRedirect(database, actor, rule("/old-kitchens", "/about-us"))).toEqual({
      ok: false,
      errors: { fromPath: REDIRECT_ADMIN_MESSAGES.taken },
    });
  });

  it("refuses a rule that makes a loop, directly or through a chain", async () => {
    await createRedirect(database, actor, rule("/loop-a", "/loop-b"));
    const direct = await createRedirect(database, actor, rule("/loop-b", "/loop-a"));
    expect(direct).toMatchObject({
      ok: false,
      errors: { toPath: expect.stringContaining("loop") },
    });

    await createRedirect(database, actor, rule("/loop-c", "/loop-d"));
    const chained = await createRedirect(database, actor, rule("/loop-b", "/loop-c"));
    expect(chained).toMatchObject({ ok: true, warning: expect.stringContaining("more than one") });
    const closing = await createRedirect(database, actor, rule("/loop-d", "/loop-a"));
    expect(closing.ok).toBe(false);
    expect(await ruleFor("/loop-d")).toBeUndefined();
  });

  it("checks again when a rule is switched on, edits and deletes with audit", async () => {
    const off = await createRedirect(database, actor, rule("/loop-d", "/loop-a", 301, false));
    expect(off.ok).toBe(true);
    const id = off.ok ? off.id : 0;
    expect(await setRedirectActive(database, actor, id, true)).toMatchObject({
      ok: false,
      errors: { form: expect.stringContaining("loop") },
    });
    expect(
      await updateRedirect(database, actor, id, rule("/loop-d", "/gone-for-good", 302, true)),
    ).toMatchObject({ ok: true });
    expect(await ruleFor("/loop-d")).toMatchObject({ type: 302, isActive: true });
    expect(await deleteRedirect(database, actor, id)).toMatchObject({ ok: true });
    expect(await deleteRedirect(database, actor, id)).toEqual({
      ok: false,
      errors: { form: REDIRECT_ADMIN_MESSAGES.notFound },
    });
    const actions = (await database.db.select().from(auditEvents)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["redirect.update", "redirect.delete"]));
  });

  it("lists with search", async () => {
    const { rules, total } = await listRedirects(database.db, { q: "LOOP" });
    expect(total).toBeGreaterThanOrEqual(3);
    expect(rules.every((r) => r.fromPath.includes("loop") || r.toPath.includes("loop"))).toBe(true);
  });
});

describe("counting hits", () => {
  it("adds up hits from many requests exactly after a flush", async () => {
    await createRedirect(database, actor, rule("/counted/*", "/bathrooms/*"));
    const id = (await ruleFor("/counted/*"))!.id;
    // A separate engine as a second instance would have; both add to the same row.
    const engines = [
      redirectEngine(database.db),
      new RedirectEngine(database.db, { flushMs: 60_000 }),
    ];
    const requests = Array.from({ length: 500 }, (_, n) =>
      (async () => {
        const engine = engines[n % 2]!;
        const answer = await engine.answer(`/counted/page-${n}`, "");
        expect(answer?.location).toBe(`/bathrooms/page-${n}`);
        engine.hit(answer!.ruleId, new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60)));
      })(),
    );
    await Promise.all(requests);
    const flushes = await Promise.all([
      engines[0]!.flush(),
      engines[1]!.flush(),
      engines[0]!.flush(),
    ]);
    expect(flushes).toHaveLength(3);
    const row = await ruleFor("/counted/*");
    expect(row?.id).toBe(id);
    expect(row?.hitCount).toBe(500);
    expect(new Date(row!.lastHit!).toISOString()).toBe("2026-01-01T00:00:59.000Z");
    await engines[1]!.stop();
  });

  it("sees a change made elsewhere once the copy is older than the reload time", async () => {
    const engine = new RedirectEngine(database.db, { reloadMs: 0 });
    expect(await engine.answer("/written-elsewhere", "")).toBeUndefined();
    await database.db.insert(redirects).values({ fromPath: "/written-elsewhere", toPath: "/blog" });
    // An old copy keeps serving while the reload runs; a later request has the new rule.
    await vi.waitFor(
      async () => {
        expect(await engine.answer("/written-elsewhere", "")).toMatchObject({ location: "/blog" });
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});

describe("CSV import and export (R12.6)", () => {
  it("imports 1,000 rules, reports each bad row and imports the rest", async () => {
    const lines = ["fromPath,toPath,type,isActive"];
    const bad = new Map<number, string>();
    for (let n = 0; n < 1000; n += 1) {
      const line = lines.length + 1;
      if (n % 100 === 7) {
        lines.push(`no-slash-${n},/x,301,true`);
        bad.set(line, "fromPath");
      } else if (n % 100 === 21) {
        lines.push(`/bulk/${n},,302,true`);
        bad.set(line, "toPath");
      } else if (n % 100 === 42) {
        lines.push(`/bulk/${n},/y,299,true`);
        bad.set(line, "type");
      } else if (n % 100 === 63) {
        lines.push(`/bulk/${n},/bulk/${n},301,true`);
        bad.set(line, "loop");
      } else if (n === 999) {
        lines.push(`/bulk/0,/elsewhere,301,true`);
        bad.set(line, "duplicate");
      } else {
        lines.push(
          `/bulk/${n},/new/${n},${n % 3 === 0 ? 308 : 301},${n % 5 === 0 ? "false" : "true"}`,
        );
      }
    }
    const csv = lines.join("\r\n");

    const dry = await importRedirects(database, actor, csv, { dryRun: true });
    expect(dry.rows).toBe(1000);
    expect(dry.errors.map((error) => error.line)).toEqual([...bad.keys()]);
    expect(dry.created).toBe(1000 - bad.size);
    expect(await ruleFor("/bulk/1")).toBeUndefined();

    const done = await importRedirects(database, actor, csv, { dryRun: false });
    expect(done.errors).toEqual(dry.errors);
    expect(done.created).toBe(1000 - bad.size);
    for (const error of done.errors) {
      const kind = bad.get(error.line);
      if (kind === "loop") expect(error.message).toContain("loop");
      if (kind === "duplicate") expect(error.message).toBe(IMPORT_MESSAGES.duplicate(2));
    }
    expect(await ruleFor("/bulk/3")).toMatchObject({ toPath: "/new/3", type: 308, isActive: true });
    expect(await ruleFor("/bulk/5")).toMatchObject({ isActive: false });
    expect(await ruleFor("/bulk/63")).toBeUndefined();
    const answer = await redirectEngine(database.db).answer("/bulk/1", "?q=1");
    expect(answer).toMatchObject({ location: "/new/1?q=1" });

    // Again: the same paths are updated, not doubled.
    const again = await importRedirects(database, actor, csv, { dryRun: false });
    expect(again).toMatchObject({ created: 0, updated: 1000 - bad.size });
  });

  it("refuses an import row that would loop with a rule already saved", async () => {
    await createRedirect(database, actor, rule("/kept-a", "/kept-b"));
    const report = await importRedirects(
      database,
      actor,
      "fromPath,toPath,type,isActive\n/kept-b,/kept-a,301,true\n/kept-c,/kept-a,301,\n",
      { dryRun: false },
    );
    expect(report.errors).toEqual([
      { line: 2, fromPath: "/kept-b", message: expect.stringContaining("loop") },
    ]);
    expect(report.created).toBe(1);
  });

  it("reports a file it cannot read", async () => {
    expect((await importRedirects(database, actor, 'a,"b', { dryRun: true })).fileError).toBe(
      IMPORT_MESSAGES.unreadable,
    );
    expect((await importRedirects(database, actor, "x,y\n1,2", { dryRun: true })).fileError).toBe(
      IMPORT_MESSAGES.noHeader,
    );
  });

  it("exports every rule with cells guarded against formulas", async () => {
    await database.db.insert(redirects).values({ fromPath: "/=cmd", toPath: "/safe" });
    const csv = await exportRedirects(database.db, actor);
    expect(csv.startsWith("\uFEFFfromPath,toPath,type,isActive,hitCount,lastHit\r\n")).toBe(true);
    expect(csv).toContain("/kept-a,/kept-b,301,true,0,\r\n");
    expect(csv).not.toMatch(/(^|,)=/m);
  });
});
