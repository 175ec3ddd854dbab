import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, giveawayEntries, giveaways, users } from "~/db/schema";
import { testDatabaseForFile } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { createLogger } from "~/modules/platform/logger.server";
import type { EntryFormValues } from "./giveaway-entry-fields";
import { ENTRY_RATE_LIMIT, storeEntry, submitGiveawayEntry } from "./giveaway-entries.server";
import type { EntryRequest } from "./giveaway-entries.server";
import {
  DRAW_MESSAGES,
  drawWinner,
  exportEntries,
  getGiveaway,
  listEntries,
  listGiveaways,
  saveGiveaway,
} from "./giveaways.server";

/** docs/REQUIREMENTS.md R15.2: entries, one per e-mail and phone, and the draw. */

const database = testDatabaseForFile();
const logger = createLogger({ level: "silent" });
const secret = "giveaway-test-secret";
const actor: Actor = { id: "admin-giveaways", email: "admin@example.com", ip: "203.0.113.5" };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await database.db
    .insert(users)
    .values({ id: actor.id, name: "Avery Admin", email: actor.email, role: "admin" });
});

async function createGiveaway(startsAt: Date, endsAt: Date): Promise<number> {
  const outcome = await saveGiveaway(database, actor, undefined, {
    title: "Win a shower",
    prize: "A frameless shower",
    description: "Enter to win.",
    startsAt,
    endsAt,
    rulesMarkdown: "## Rules",
  });
  if (!outcome.ok) throw new Error("not saved");
  return outcome.id;
}

let ipCounter = 0;
const entryValues = (overrides: Partial<EntryFormValues> = {}): EntryFormValues => ({
  name: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "617 555 0142",
  zip: "02169",
  agreeToRules: "on",
  ...overrides,
});

/** A post of the form, filled in over ten seconds, from its own address unless told. */
function entryRequest(giveawayId: number, overrides: Partial<EntryRequest> = {}): EntryRequest {
  ipCounter += 1;
  return {
    giveawayId,
    values: entryValues(),
    honeypot: "",
    formToken: issueFormToken(secret, Date.now() - 10_000),
    tracking: {},
    cookieTracking: {},
    affiliateCode: undefined,
    touchVisitorId: undefined,
    analytics: { visitorId: undefined, sessionId: undefined },
    ip: `198.51.100.${ipCounter % 250}`,
    userAgent: "test",
    pagePath: "/giveaway",
    ...overrides,
  };
}

const submit = (request: EntryRequest) =>
  submitGiveawayEntry({ database, logger, secret }, request);

const entriesOf = (giveawayId: number) =>
  database.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveawayId));

describe("entering (R15.2)", () => {
  it("stores a valid entry with its attribution", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    const outcome = await submit(
      entryRequest(id, {
        values: entryValues({ email: "Attr@Example.com", phone: "(617) 555-0100" }),
        tracking: { utm_source: "newsletter", utm_medium: "email" },
        cookieTracking: { ga: "GA1.1.123.456" },
        affiliateCode: "harbor-design",
        analytics: { visitorId: "v_abcdefghijklmnop", sessionId: undefined },
      }),
    );
    expect(outcome.kind).toBe("entered");
    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({
      email: "attr@example.com",
      phone: "+16175550100",
      zip: "02169",
      agreeToRules: true,
    });
    expect(entry?.attribution).toMatchObject({
      tracking: { utm_source: "newsletter", utm_medium: "email", ga: "GA1.1.123.456" },
      affiliateCode: "harbor-design",
    });
    const { entries } = await listEntries(database.db, id);
    expect(entries[0]?.source).toBe("newsletter / email");
  });

  it("keeps one entry per e-mail, whatever its case, under 10 posts at once", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    const emails = ["Same@Example.com", "same@example.com", "SAME@EXAMPLE.COM"];
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(
          entryRequest(id, {
            values: entryValues({
              email: emails[i % emails.length]!,
              phone: `617 555 01${String(i).padStart(2, "0")}`,
            }),
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "entered")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "already_entered")).toHaveLength(9);
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it("keeps one entry per phone, whatever its format, under 10 posts at once", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    const phones = ["(617) 555-0199", "+1 617 555 0199", "16175550199", "617.555.0199"];
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(
          entryRequest(id, {
            values: entryValues({ email: `p${i}@example.com`, phone: phones[i % phones.length]! }),
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "entered")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "already_entered")).toHaveLength(9);
    const stored = await entriesOf(id);
    expect(stored.map((entry) => entry.phone)).toEqual(["+16175550199"]);
  });

  it("turns spam away quietly, answers invalid input, and limits one address", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    expect(await submit(entryRequest(id, { honeypot: "http://spam.example" }))).toEqual({
      kind: "spam",
    });
    expect(
      await submit(entryRequest(id, { formToken: issueFormToken(secret, Date.now()) })),
    ).toEqual({ kind: "spam" });
    expect(await submit(entryRequest(id, { formToken: undefined }))).toEqual({ kind: "spam" });
    const invalid = await submit(entryRequest(id, { values: entryValues({ zip: "123" }) }));
    expect(invalid).toMatchObject({ kind: "invalid", errors: { zip: expect.any(String) } });
    expect(await entriesOf(id)).toHaveLength(0);

    const outcomes = [];
    for (let i = 0; i <= ENTRY_RATE_LIMIT.limit; i++) {
      outcomes.push(
        await submit(
          entryRequest(id, {
            ip: "192.0.2.77",
            values: entryValues({ email: `r${i}@example.com`, phone: `508 555 01${10 + i}` }),
          }),
        ),
      );
    }
    expect(outcomes.slice(0, -1).every((outcome) => outcome.kind === "entered")).toBe(true);
    expect(outcomes.at(-1)?.kind).toBe("rate_limited");
  });

  it("takes no entry before the start or after the end", async () => {
    const upcoming = await createGiveaway(
      new Date(Date.now() + DAY),
      new Date(Date.now() + 2 * DAY),
    );
    const ended = await createGiveaway(new Date(Date.now() - 2 * DAY), new Date(Date.now() - DAY));
    expect(await submit(entryRequest(upcoming))).toEqual({ kind: "not_open" });
    expect(await submit(entryRequest(ended))).toEqual({ kind: "not_open" });
  });
});

describe("the draw (R15.2)", () => {
  const startsAt = new Date("2026-01-01T00:00:00Z");
  const endsAt = new Date("2026-02-01T00:00:00Z");
  const attribution = { tracking: {} };

  async function giveawayWithEntries(): Promise<{ id: number; eligible: string[] }> {
    const id = await createGiveaway(startsAt, endsAt);
    const at = (iso: string) => new Date(iso);
    const store = (n: number, iso: string) =>
      storeEntry(
        database.db,
        id,
        {
          name: `Entrant ${n}`,
          email: `e${n}@example.com`,
          phone: `+1617555${String(1000 + n)}`,
          zip: "02169",
          agreeToRules: true,
        },
        { attribution, at: at(iso) },
      );
    await store(0, "2025-12-31T23:59:59Z"); // before the start: not eligible
    const eligible = [
      await store(1, "2026-01-01T00:00:00Z"),
      await store(2, "2026-01-15T12:00:00Z"),
      await store(3, "2026-02-01T00:00:00Z"),
    ].map(String);
    await store(4, "2026-02-01T00:00:01Z"); // after the end: not eligible
    return { id, eligible };
  }

  const audits = (id: number) =>
    database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.target, `giveaway:${id}`), eq(auditEvents.actorEmail, actor.email)),
      );

  it("refuses before the end, then picks among the entries made between start and end", async () => {
    const { id, eligible } = await giveawayWithEntries();
    const early = await drawWinner(database, actor, id, {
      redraw: false,
      now: new Date("2026-01-31T23:00:00Z"),
    });
    expect(early).toEqual({ ok: false, error: expect.stringContaining("still running") });

    const now = new Date("2026-02-02T00:00:00Z");
    const asked: number[] = [];
    const drawn = await drawWinner(database, actor, id, {
      redraw: false,
      now,
      randomInt: (max) => {
        asked.push(max);
        return 1;
      },
    });
    expect(asked).toEqual([3]);
    expect(drawn).toEqual({
      ok: true,
      winner: { entryId: eligible[1], name: "Entrant 2" },
      eligibleEntries: 3,
    });
    const [row] = await database.db.select().from(giveaways).where(eq(giveaways.id, id));
    expect(row).toMatchObject({ winnerEntryId: eligible[1], drawnAt: now, drawnBy: actor.id });
    const draws = (await audits(id)).filter((event) => event.action === "giveaway.draw");
    expect(draws).toHaveLength(1);
    expect(draws[0]?.details).toEqual({ eligibleEntries: 3, winnerEntryId: eligible[1] });

    // A second draw only as a redraw, which leaves the previous winner out.
    expect(await drawWinner(database, actor, id, { redraw: false, now })).toEqual({
      ok: false,
      error: DRAW_MESSAGES.alreadyDrawn,
    });
    const redrawn = await drawWinner(database, actor, id, { redraw: true, now });
    expect(redrawn.ok && redrawn.eligibleEntries).toBe(2);
    expect(redrawn.ok && [eligible[0], eligible[2]]).toContain(
      redrawn.ok && redrawn.winner.entryId,
    );
    const redraws = (await audits(id)).filter((event) => event.action === "giveaway.redraw");
    expect(redraws[0]?.details).toMatchObject({
      eligibleEntries: 2,
      previousWinnerEntryId: eligible[1],
    });
  });

  it("only ever names an eligible entry with the real random source", async () => {
    const { id, eligible } = await giveawayWithEntries();
    const drawn = await drawWinner(database, actor, id, {
      redraw: false,
      now: new Date("2026-03-01T00:00:00Z"),
    });
    expect(drawn.ok && eligible).toContain(drawn.ok && drawn.winner.entryId);
  });

  it("refuses a draw with no eligible entries, and a redraw before any draw", async () => {
    const id = await createGiveaway(startsAt, endsAt);
    const now = new Date("2026-03-01T00:00:00Z");
    expect(await drawWinner(database, actor, id, { redraw: false, now })).toEqual({
      ok: false,
      error: DRAW_MESSAGES.noEntries,
    });
    expect(await drawWinner(database, actor, id, { redraw: true, now })).toEqual({
      ok: false,
      error: DRAW_MESSAGES.notDrawn,
    });
    expect(await audits(id)).toHaveLength(1); // its creation only
  });
});

describe("the list (R15.2)", () => {
  it("lists every giveaway with its entry count, and one with its winner", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    await submit(entryRequest(id, { values: entryValues({ email: "list@example.com" }) }));
    const listed = (await listGiveaways(database.db)).find((giveaway) => giveaway.id === id);
    expect(listed).toMatchObject({ entries: 1, drawn: false, title: "Win a shower" });
    expect(await getGiveaway(database.db, id)).toMatchObject({ winner: undefined });
  });
});

describe("the entries' CSV (R15.2)", () => {
  it("holds every entry, guarded against formulas, and is audited", async () => {
    const id = await createGiveaway(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    await storeEntry(
      database.db,
      id,
      {
        name: '=HYPERLINK("http://x")',
        email: "csv@example.com",
        phone: "+16175550177",
        zip: "02169",
        agreeToRules: true,
      },
      { attribution: { tracking: { utm_source: "+cmd" } } },
    );
    const exported = await exportEntries(database.db, actor, id);
    expect(exported?.rows).toBe(1);
    expect(exported?.csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(exported?.csv).toContain("'+cmd");
    expect(exported?.csv).toContain("(617) 555-0177");
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "giveaway.export"), eq(auditEvents.target, `giveaway:${id}`)),
      );
    expect(audit?.details).toEqual({ rows: 1 });
    expect(await exportEntries(database.db, actor, 999_999)).toBeUndefined();
  });
});
