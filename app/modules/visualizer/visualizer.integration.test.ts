import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads, mailMessages, users, visualizerOptions } from "~/db/schema";
import { ensureCompanySettings, ensureVisualizerCatalogue } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { getLeadDetail } from "~/modules/leads/lead-detail.server";
import { filledLeadForm } from "~/modules/leads/lead-test-fixtures";
import { submitLead, type LeadRequest, type LeadServices } from "~/modules/leads/leads.server";
import { createLogger } from "~/modules/platform/logger.server";
import {
  createVisualizerOption,
  loadActiveCatalogue,
  updateVisualizerOption,
  VISUALIZER_ADMIN_MESSAGES,
} from "./catalogue.server";
import { DEFAULT_VISUALIZER_CATALOGUE } from "./default-catalogue";

const SECRET = "v".repeat(40);
const logger = createLogger({ level: "silent" });
const actor: Actor = { id: "editor-v", email: "editor@example.com", ip: "203.0.113.7" };

let database: TestDatabase;
let jobs: Jobs;
let services: LeadServices;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  await database.db
    .insert(users)
    .values({ id: actor.id, name: "Eden Editor", email: actor.email, role: "editor" });
  jobs = await startJobs(database, logger, { publicUrl: new URL("https://www.lumenbath.example") });
  services = {
    database,
    boss: jobs.boss,
    logger,
    publicUrl: new URL("https://www.lumenbath.example"),
    secret: SECRET,
  };
});

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
});

const option = (values: Partial<Parameters<typeof createVisualizerOption>[2]> = {}) => ({
  category: "paint" as const,
  name: "Morning fog",
  key: "morning-fog",
  swatch: "#dfe3e4",
  accent: undefined,
  style: "plain",
  sortOrder: 5,
  active: true,
  ...values,
});

describe("the catalogue (R15.5)", () => {
  it("is written on a new database, once", async () => {
    expect(await ensureVisualizerCatalogue(database.db)).toBe(true);
    expect(await ensureVisualizerCatalogue(database.db)).toBe(false);
    const catalogue = await loadActiveCatalogue(database.db);
    const stored = Object.values(catalogue).flat();
    expect(stored).toHaveLength(DEFAULT_VISUALIZER_CATALOGUE.length);
    expect(catalogue.wall_tile[0]?.key).toBe(DEFAULT_VISUALIZER_CATALOGUE[0]!.key);
  });

  it("adds and edits options with an audit entry each, and refuses a key taken in its category", async () => {
    const created = await createVisualizerOption(database, actor, option());
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) return;
    expect((await loadActiveCatalogue(database.db)).paint[0]?.key).toBe("morning-fog");

    expect(await createVisualizerOption(database, actor, option({ name: "Again" }))).toEqual({
      ok: false,
      errors: { key: VISUALIZER_ADMIN_MESSAGES.taken },
    });
    // The same key in another category is another option.
    expect(
      await createVisualizerOption(database, actor, option({ category: "fixture_finish" })),
    ).toMatchObject({ ok: true });

    const updated = await updateVisualizerOption(
      database,
      actor,
      created.id,
      option({ name: "Morning fog grey", active: false }),
    );
    expect(updated).toEqual({ ok: true, id: created.id });
    expect((await loadActiveCatalogue(database.db)).paint.map((o) => o.key)).not.toContain(
      "morning-fog",
    );
    expect(await updateVisualizerOption(database, actor, 999_999, option({ key: "x" }))).toEqual({
      ok: false,
      errors: { form: VISUALIZER_ADMIN_MESSAGES.notFound },
    });

    const audits = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `visualizer_option:${created.id}`));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "visualizer_option.create",
      "visualizer_option.update",
    ]);
    expect(audits.find((a) => a.action === "visualizer_option.update")).toMatchObject({
      actorEmail: actor.email,
      details: {
        name: { from: "Morning fog", to: "Morning fog grey" },
        active: { from: true, to: false },
      },
    });
  });
});

let sequence = 0;
const leadRequest = (visualizerDesign: LeadRequest["visualizerDesign"]): LeadRequest => {
  sequence += 1;
  return {
    values: filledLeadForm({ email: `visualizer.${sequence}@example.com` }),
    honeypot: "",
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    channel: "form",
    tracking: {},
    affiliateCode: undefined,
    visitorId: undefined,
    cookieTracking: {},
    ip: `198.51.100.${sequence}`,
    userAgent: "Mozilla/5.0 (integration test)",
    pagePath: "/visualizer",
    visualizerDesign,
  };
};

describe("a consultation request with a design (R15.5)", () => {
  it("stores the catalogue's keys only, and staff read the options' names", async () => {
    const outcome = await submitLead(
      services,
      leadRequest({
        wall_tile: "sage-zellige",
        floor_tile: "no-such-tile",
        vanity: "walnut-floating",
        shower: "curbless",
        paint: "harbor-blue",
      }),
    );
    expect(outcome.kind).toBe("stored");
    if (outcome.kind !== "stored") return;
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, outcome.leadId));
    expect(lead?.visualizerDesign).toEqual({
      wall_tile: "sage-zellige",
      vanity: "walnut-floating",
      shower: "curbless",
      paint: "harbor-blue",
    });

    const detail = await getLeadDetail(database.db, outcome.leadId);
    expect(detail?.design.map((c) => [c.label, c.option?.name, c.option?.swatch])).toEqual([
      ["Wall tile", "Sage zellige", "#a9b8a0"],
      ["Vanity", "Floating walnut", "#6b4a33"],
      ["Shower", "Curbless walk-in shower", "#e2ded6"],
      ["Wall paint", "Harbor blue", "#8fa7b8"],
    ]);

    const [mail] = await database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "lead.notification")));
    expect(mail?.text).toContain("bathroom visualizer");
    expect(mail?.text).toContain("Wall tile: Sage zellige");
    expect(mail?.text).toContain("Wall paint: Harbor blue");
  });

  it("stores no design when none of it is in the catalogue, and still stores the lead", async () => {
    const outcome = await submitLead(
      services,
      leadRequest({ wall_tile: "nothing-like-it", paint: "x" }),
    );
    expect(outcome.kind).toBe("stored");
    if (outcome.kind !== "stored") return;
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, outcome.leadId));
    expect(lead?.visualizerDesign).toBeNull();
    expect((await getLeadDetail(database.db, outcome.leadId))?.design).toEqual([]);
  });

  it("shows a removed option by its key", async () => {
    const outcome = await submitLead(services, leadRequest({ paint: "charcoal" }));
    if (outcome.kind !== "stored") throw new Error(outcome.kind);
    await database.db
      .delete(visualizerOptions)
      .where(and(eq(visualizerOptions.category, "paint"), eq(visualizerOptions.key, "charcoal")));
    const detail = await getLeadDetail(database.db, outcome.leadId);
    expect(detail?.design).toEqual([
      { category: "paint", label: "Wall paint", key: "charcoal", option: undefined },
    ]);
  });
});
