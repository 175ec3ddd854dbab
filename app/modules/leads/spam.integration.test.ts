import { and, count, eq } from "drizzle-orm";
import type { TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import type { Jobs } from "~/modules/jobs/jobs.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads, mailMessages, spamSubmissions, webhookDeliveries } from "~/db/schema";
import { waitFor, type Receiver } from "~/modules/webhooks/test-support.server";
import { LEAD_WEBHOOK_QUEUE } from "~/modules/webhooks/webhooks.server";
import { replayLeadDelivery } from "./lead-deliveries.server";
import { getLeadDetail } from "./lead-detail.server";
import { parseCursor } from "./lead-list.server";
import { listSpam, restoreSpamSubmission, type RestoreServices } from "./spam.server";
import { EMPTY_LEAD_FORM } from "./lead-fields";
import { FILLED_FORM_STORED, filledLeadForm, storedLead } from "./lead-test-fixtures";
import { startLeadTestbed, TEST_PUBLIC_URL, type LeadTestbed } from "./test-support.server";

const PUBLIC_URL = TEST_PUBLIC_URL;
const actor: Actor = { id: "staff-spam-1", email: "ops@lumenbath.example", ip: "203.0.113.7" };

let database: TestDatabase;
let jobs: Jobs;
let receiver: Receiver;
let services: RestoreServices;
let testbed: LeadTestbed;

beforeAll(async () => {
  testbed = await startLeadTestbed(actor);
  ({ database, jobs, receiver } = testbed);
  services = { database, boss: jobs.boss, publicUrl: PUBLIC_URL };
});

afterAll(async () => {
  await testbed?.stop();
});

const validValues = (email: string) =>
  filledLeadForm({
    firstName: " Robin ",
    lastName: "Caught",
    email,
    projectType: "Home",
    source: "Google",
    referralName: "",
  });

/** A spam entry shaped as submitLead stores it. */
async function spamEntry(values: Record<string, string>, createdAt = new Date()) {
  const [entry] = await database.db
    .insert(spamSubmissions)
    .values({
      reason: "too_fast",
      payload: {
        values,
        honeypot: "",
        channel: "json",
        tracking: { utm_source: "google", utm_campaign: "winter", gclid: "G-1", junk: "x" },
        affiliateCode: "harbor-design",
        pagePath: "/bathrooms",
      },
      ipAddress: "198.51.100.23",
      userAgent: "Mozilla/5.0 (fast typist)",
      createdAt,
    })
    .returning();
  return entry!;
}

describe("the spam folder", () => {
  it("lists entries newest first with what was submitted, a page at a time", async () => {
    const older = await spamEntry(
      validValues("older@example.com"),
      new Date("2026-01-01T10:00:00Z"),
    );
    const newer = await spamEntry(
      validValues("newer@example.com"),
      new Date("2026-01-02T10:00:00Z"),
    );
    const first = await listSpam(database.db, undefined, 1);
    expect(first.entries.map((entry) => entry.id)).toEqual([newer.id]);
    expect(first.entries[0]).toMatchObject({
      reason: "too_fast",
      channel: "json",
      pagePath: "/bathrooms",
      affiliateCode: "harbor-design",
      values: { email: "newer@example.com", firstName: " Robin " },
      tracking: { utm_source: "google", utm_campaign: "winter", gclid: "G-1" },
    });
    expect(first.entries[0]?.tracking).not.toHaveProperty("junk");
    const second = await listSpam(database.db, parseCursor(first.nextCursor), 1);
    expect(second.entries.map((entry) => entry.id)).toEqual([older.id]);
  });

  it("turns a false positive into a delivered lead, once", async () => {
    const sentAt = new Date(Date.now() - 60 * 60 * 1000);
    const entry = await spamEntry(validValues("robin.caught@example.com"), sentAt);

    const outcome = await restoreSpamSubmission(services, actor, entry.id);
    expect(outcome).toMatchObject({ kind: "restored", deliveries: 1 });
    if (outcome.kind !== "restored") return;

    const lead = await storedLead(database, outcome.leadId);
    expect(lead).toMatchObject({
      ...FILLED_FORM_STORED,
      projectType: "Home",
      source: "Google",
      referralName: null,
      email: "robin.caught@example.com",
      channel: "json",
      pagePath: "/bathrooms",
      affiliateCode: "harbor-design",
      ipAddress: "198.51.100.23",
      status: "new",
      tracking: {
        utm_source: "google",
        utm_campaign: "winter",
        gclid: "G-1",
        userAgent: "Mozilla/5.0 (fast typist)",
        ip_address: "198.51.100.23",
      },
      firstTouch: {
        landingPath: "/bathrooms",
        params: { utm_source: "google", utm_campaign: "winter", gclid: "G-1" },
      },
    });
    expect(lead?.affiliateId).toEqual(expect.any(String));
    expect(lead?.createdAt.getTime()).toBe(sentAt.getTime());

    const [linked] = await database.db
      .select()
      .from(spamSubmissions)
      .where(eq(spamSubmissions.id, entry.id));
    expect(linked?.leadId).toBe(outcome.leadId);

    // The delivery row and its job were committed with the lead; the worker sends it.
    const [delivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.leadId, outcome.leadId));
    expect(delivery).toBeDefined();
    const { rows } = await database.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and data->>'deliveryId' = $2`,
      [LEAD_WEBHOOK_QUEUE, delivery!.id],
    );
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(1);
    const receipt = await waitFor(
      async () => receiver.successes().find((r) => r.body.includes(outcome.leadId)),
      "the restored lead's delivery",
    );
    expect(JSON.parse(receipt.body)).toMatchObject({
      email: "robin.caught@example.com",
      affiliate_code: "harbor-design",
      utm_campaign: "winter",
    });

    const [mail] = await database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.kind, "lead.notification"));
    expect(mail?.subject).toContain("Robin Caught");
    expect(mail?.text).toContain(`/admin/leads/${outcome.leadId}`);

    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "spam.not_spam"), eq(auditEvents.target, `spam:${entry.id}`)),
      );
    expect(audit).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { leadId: outcome.leadId, reason: "too_fast", deliveries: 1 },
    });

    const detail = await getLeadDetail(database.db, outcome.leadId);
    expect(detail?.restoredFrom).toMatchObject({ id: entry.id, reason: "too_fast" });

    // A second press does nothing new.
    expect(await restoreSpamSubmission(services, actor, entry.id)).toEqual({
      kind: "already",
      leadId: outcome.leadId,
    });
    const [{ n } = { n: 0 }] = await database.db
      .select({ n: count() })
      .from(leads)
      .where(eq(leads.email, "robin.caught@example.com"));
    expect(n).toBe(1);

    // The delivered request can be sent again from the lead's page.
    await waitFor(
      async () =>
        (
          await database.db
            .select({ status: webhookDeliveries.status })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, delivery!.id))
        )[0]?.status === "delivered",
      "the delivery to be marked delivered",
    );
    const before = receiver.successes().filter((r) => r.body.includes(outcome.leadId)).length;
    expect(await replayLeadDelivery(database, jobs.boss, actor, outcome.leadId, delivery!.id)).toBe(
      "replayed",
    );
    await waitFor(
      async () =>
        receiver.successes().filter((r) => r.body.includes(outcome.leadId)).length > before,
      "the replayed delivery",
    );
    expect(
      await replayLeadDelivery(
        database,
        jobs.boss,
        actor,
        "8d0c5c1e-0000-4000-8000-000000000000",
        delivery!.id,
      ),
    ).toBe("not_found");
    const replayAudit = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "lead.webhook_replay"));
    expect(replayAudit).toHaveLength(1);
  });

  it("makes one lead when two people press at once", async () => {
    const entry = await spamEntry(validValues("twice@example.com"));
    const outcomes = await Promise.all([
      restoreSpamSubmission(services, actor, entry.id),
      restoreSpamSubmission(services, actor, entry.id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["already", "restored"]);
    const made = await database.db.select().from(leads).where(eq(leads.email, "twice@example.com"));
    expect(made).toHaveLength(1);
  });

  it("says why an entry cannot become a lead, and changes nothing", async () => {
    const entry = await spamEntry({
      ...validValues("not-an-address"),
      phone: "555",
      source: "",
    });
    const before = await database.db.select({ n: count() }).from(leads);
    expect(await restoreSpamSubmission(services, actor, entry.id)).toEqual({
      kind: "invalid",
      errors: {
        email: "Please enter a valid email address",
        phone: "Phone number must be at least 10 digits",
        source: expect.any(String),
      },
    });
    expect(await database.db.select({ n: count() }).from(leads)).toEqual(before);
    const [still] = await database.db
      .select()
      .from(spamSubmissions)
      .where(eq(spamSubmissions.id, entry.id));
    expect(still?.leadId).toBeNull();
  });

  it("copes with a payload a bot made up", async () => {
    const [entry] = await database.db
      .insert(spamSubmissions)
      .values({ reason: "honeypot", payload: { values: "nonsense", tracking: [1, 2] } })
      .returning();
    const page = await listSpam(database.db);
    expect(page.entries.find((item) => item.id === entry!.id)).toMatchObject({
      values: EMPTY_LEAD_FORM,
      tracking: {},
      channel: "form",
    });
    expect(await restoreSpamSubmission(services, actor, entry!.id)).toMatchObject({
      kind: "invalid",
    });
    expect(await restoreSpamSubmission(services, actor, "nope")).toEqual({ kind: "not_found" });
    expect(
      await restoreSpamSubmission(services, actor, "8d0c5c1e-0000-4000-8000-000000000000"),
    ).toEqual({ kind: "not_found" });
  });
});
