import { count, eq, sql } from "drizzle-orm";
import { botVerdict } from "~/modules/analytics/bot-score";
import { forgetCompanySettings } from "~/modules/settings/settings.server";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsEvents,
  companySettings,
  leads,
  mailMessages,
  spamSubmissions,
  webhookDeliveries,
} from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { loadConfig } from "~/modules/platform/config.server";
import { runtimeContext } from "~/modules/platform/context";
import { createLogger } from "~/modules/platform/logger.server";
import type { Runtime } from "~/modules/platform/runtime.server";
import { verifyWebhookSignature } from "~/modules/webhooks/signature.server";
import {
  startReceiver,
  useOnlyEndpoint,
  waitFor,
  type Receiver,
} from "~/modules/webhooks/test-support.server";
import { answerForm, answerJson } from "~/routes/api/leads.server";
import { issueFormToken } from "./form-token.server";
import { submitLead, type LeadRequest, type LeadServices } from "./leads.server";
import { FILLED_FORM_STORED, filledLeadForm, storedLead } from "./lead-test-fixtures";
import { visitorWithTouches } from "./test-support.server";

const SECRET = "s".repeat(40);
const RECEIVER_SECRET = "receiver-secret-for-the-lead-tests";
const logger = createLogger({ level: "silent" });

let database: TestDatabase;
let jobs: Jobs;
let receiver: Receiver;
let services: LeadServices;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  receiver = await startReceiver(() => 204);
  await useOnlyEndpoint(database.db, receiver.url, RECEIVER_SECRET);
  jobs = await startJobs(database, logger, {
    publicUrl: new URL("https://www.lumenbath.example"),
    retryPolicy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, jitter: 0 },
    pollingIntervalSeconds: 0.5,
    // The receiver listens on 127.0.0.1.
    allowPrivateWebhookTargets: true,
  });
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
  await receiver?.close();
  await database?.destroy();
});

let sequence = 0;
/** A valid request from a visitor of its own address, whose form was served 10 s ago. */
function leadRequest(overrides: Partial<LeadRequest> = {}): LeadRequest {
  sequence += 1;
  return {
    values: filledLeadForm({
      lastName: `Tester${sequence}`,
      email: `robin.${sequence}.${Date.now()}@example.com`,
    }),
    honeypot: "",
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    channel: "form",
    tracking: {},
    affiliateCode: undefined,
    visitorId: undefined,
    cookieTracking: {},
    ip: `198.18.${sequence % 250}.${Math.floor(Math.random() * 250)}`,
    userAgent: "Mozilla/5.0 (integration test)",
    pagePath: "/bathrooms",
    ...overrides,
  };
}

const countOf = async (table: typeof leads | typeof spamSubmissions | typeof webhookDeliveries) =>
  Number((await database.db.select({ n: count() }).from(table))[0]?.n ?? 0);

describe("a consultation request", () => {
  it("is stored with its attribution, then delivered signed, mailed and counted", async () => {
    await insertAffiliate(database.db, {
      code: "harbor-design",
      name: "Harbor",
      email: "harbor@example.com",
      status: "approved",
    });
    const visitorId = await visitorWithTouches(database);
    const request = leadRequest({
      visitorId,
      affiliateCode: "harbor-design",
      tracking: { gclid: "G-9", ad_id: "42" },
      cookieTracking: { ga: "GA1.1.123.456", fbp: "fb.1.2.3" },
    });

    const outcome = await submitLead(services, request);
    expect(outcome.kind).toBe("stored");
    if (outcome.kind !== "stored") return;

    const lead = await storedLead(database, outcome.leadId);
    expect(lead).toMatchObject({
      ...FILLED_FORM_STORED,
      affiliateCode: "harbor-design",
      ipAddress: request.ip,
      pagePath: "/bathrooms",
      channel: "form",
    });
    expect(lead?.affiliateId).toEqual(expect.any(String));
    expect(lead?.firstTouch).toMatchObject({
      params: { utm_campaign: "autumn" },
      referrer: "www.google.com",
    });
    expect(lead?.lastTouch).toMatchObject({ params: { utm_campaign: "retarget" } });
    expect(lead?.tracking).toEqual({
      utm_source: "facebook",
      utm_campaign: "retarget",
      fbclid: "FB1",
      gclid: "G-9",
      ad_id: "42",
      ga: "GA1.1.123.456",
      fbp: "fb.1.2.3",
      userAgent: "Mozilla/5.0 (integration test)",
      ip_address: request.ip,
    });

    const receipt = await waitFor(
      async () => receiver.successes().find((r) => r.body.includes(outcome.leadId)),
      "the delivery",
    );
    expect(
      verifyWebhookSignature(
        RECEIVER_SECRET,
        receipt.headers["x-lumen-signature"] as string,
        receipt.headers["x-lumen-timestamp"] as string,
        receipt.body,
      ),
    ).toBe(true);
    expect(JSON.parse(receipt.body)).toMatchObject({
      leadId: outcome.leadId,
      email: request.values.email,
      affiliate_code: "harbor-design",
      utm_campaign: "retarget",
    });

    const [mail] = await database.db.select().from(mailMessages);
    expect(mail?.subject).toContain("Robin");
    expect(mail?.to).toEqual(["leads@lumenbath.example"]);
    await waitFor(
      async () =>
        (await database.db.select().from(mailMessages).where(eq(mailMessages.id, mail!.id)))[0]
          ?.status === "kept",
      "the mail to be kept (no SMTP_URL)",
    );

    const events = await database.db.select().from(analyticsEvents);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: "contact_form_submission",
      path: "/bathrooms",
      properties: { source: "Referral", utm_source: "facebook", affiliated: true },
    });
    // No personal data in analytics.
    const recorded = JSON.stringify(events);
    for (const personal of [request.values.email, "Robin", "5550100", request.ip!]) {
      expect(recorded).not.toContain(personal);
    }
  });

  it.each([
    ["honeypot", () => ({ honeypot: "https://spam.example" })],
    ["too_fast", () => ({ formToken: issueFormToken(SECRET, Date.now()) })],
    ["missing_form_token", () => ({ formToken: undefined })],
    ["missing_form_token", () => ({ formToken: "forged.token" })],
  ] as const)(
    "caught as spam (%s) is kept aside and never delivered",
    async (reason, overrides) => {
      const [leadsBefore, deliveriesBefore] = [
        await countOf(leads),
        await countOf(webhookDeliveries),
      ];
      const request = leadRequest(overrides());
      expect(await submitLead(services, request)).toEqual({ kind: "spam", reason });

      const spam = await database.db.select().from(spamSubmissions);
      const entry = spam.find(
        (row) => (row.payload.values as { email?: string }).email === request.values.email,
      );
      expect(entry).toMatchObject({ reason, ipAddress: request.ip });
      expect(await countOf(leads)).toBe(leadsBefore);
      expect(await countOf(webhookDeliveries)).toBe(deliveriesBefore);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(receiver.receipts.some((r) => r.body.includes(request.values.email))).toBe(false);

      // The visitor is thanked too, but nothing signed repeats what they sent.
      const answer = await answerForm(request, { kind: "spam", reason }, contextFor());
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(303);
      expect((answer as Response).headers.get("Location")).toBe("/thank-you");
    },
  );

  it("shows an incomplete form sent too fast what is missing, rather than thanking it", async () => {
    const spamBefore = await countOf(spamSubmissions);
    const request = leadRequest({ formToken: issueFormToken(SECRET, Date.now()) });
    const outcome = await submitLead(services, {
      ...request,
      values: { ...request.values, email: "", phone: "" },
    });
    expect(outcome).toMatchObject({
      kind: "invalid",
      errors: { email: expect.any(String), phone: expect.any(String) },
    });
    expect(await countOf(spamSubmissions)).toBe(spamBefore);
  });

  it("spends the form's token with the stored lead: the same form again goes to spam", async () => {
    const request = leadRequest();
    const first = await submitLead(services, request);
    expect(first.kind).toBe("stored");
    const before = await countOf(leads);
    // A replay of the captured request, with the same token and a different address.
    const replay = await submitLead(services, { ...request, ip: "198.51.100.200" });
    expect(replay).toEqual({ kind: "spam", reason: "reused_form_token" });
    expect(await countOf(leads)).toBe(before);
    const spam = await database.db.select().from(spamSubmissions);
    expect(spam.some((row) => row.reason === "reused_form_token")).toBe(true);
  });

  it("sent at the same moment as others is stored in a shared batch, each with its own rows", async () => {
    const visitorId = await visitorWithTouches(database);
    const requests = Array.from({ length: 12 }, (_, index) =>
      leadRequest(index === 0 ? { visitorId, tracking: { gclid: "G-batch" } } : {}),
    );
    // The same form posted twice within the burst: its token serves one of them.
    const twice = leadRequest();
    const outcomes = await Promise.all(
      [...requests, twice, { ...twice, ip: "198.51.100.77" }].map((request) =>
        submitLead(services, request),
      ),
    );

    const stored = outcomes.filter((outcome) => outcome.kind === "stored");
    expect(stored).toHaveLength(13);
    expect(outcomes.filter((outcome) => outcome.kind === "spam")).toEqual([
      { kind: "spam", reason: "reused_form_token" },
    ]);
    const ids = stored.map((outcome) => (outcome.kind === "stored" ? outcome.leadId : ""));
    expect(new Set(ids).size).toBe(13);
    const rows = await database.db
      .select({ id: leads.id, lastName: leads.lastName, createdAt: leads.createdAt })
      .from(leads)
      .where(sql`${leads.id} in ${ids}`);
    // Each answer names the lead its own request became.
    const lastNameOf = new Map(rows.map((row) => [row.id, row.lastName]));
    stored.forEach((outcome, index) => {
      if (outcome.kind !== "stored") return;
      expect(lastNameOf.get(outcome.leadId)).toBe(
        index < 12 ? requests[index]?.values.lastName : twice.values.lastName,
      );
    });
    // Stored in fewer transactions than requests: rows of one transaction share its time.
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBeLessThan(13);
    const first = await storedLead(database, ids[0] ?? "");
    expect(first?.lastTouch).toMatchObject({ params: { utm_campaign: "retarget" } });
    expect(first?.tracking).toMatchObject({ gclid: "G-batch" });

    const deliveriesPerLead = await database.db
      .select({ leadId: webhookDeliveries.leadId, n: count() })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.leadId} in ${ids}`)
      .groupBy(webhookDeliveries.leadId);
    expect(deliveriesPerLead).toHaveLength(13);
    expect(deliveriesPerLead.every((row) => Number(row.n) === 1)).toBe(true);
    const events = await database.db
      .select({ leadId: sql<string>`${analyticsEvents.properties}->>'leadId'` })
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.properties}->>'leadId' in ${ids}`);
    expect(new Set(events.map((event) => event.leadId)).size).toBe(13);
    expect(events).toHaveLength(13);
  });

  it("does not spend the token of a request that was not stored", async () => {
    const request = leadRequest({ values: { ...leadRequest().values, email: "nope" } });
    expect((await submitLead(services, request)).kind).toBe("invalid");
    const fixed = { ...request, values: { ...request.values, email: "fixed@example.com" } };
    expect((await submitLead(services, fixed)).kind).toBe("stored");
  });

  it("sends a form served over a day ago back with a fresh token, storing nothing", async () => {
    const before = await countOf(leads);
    const request = leadRequest({
      formToken: issueFormToken(SECRET, Date.now() - 25 * 60 * 60 * 1000),
    });
    const outcome = await submitLead(services, request);
    expect(outcome).toEqual({ kind: "stale_form" });
    expect(await countOf(leads)).toBe(before);
    const answer = (await answerForm(request, outcome, contextFor())) as unknown as {
      init: { status: number };
      data: { formError: string; formToken: string; values: unknown };
    };
    expect(answer.init.status).toBe(422);
    expect(answer.data.formError).toMatch(/more than a day ago/);
    expect(answer.data.values).toEqual(request.values);
    const retry = await submitLead(services, {
      ...request,
      formToken: issueFormToken(SECRET, Date.now() - 10_000),
    });
    expect(retry.kind).toBe("stored");
  });

  it("records its analytics event with the lead's id and the tracker's ids, never the person", async () => {
    const outcome = await submitLead(
      services,
      leadRequest({
        analytics: { visitorId: "visitor-0001-abcd", sessionId: "session-0001-abcd" },
        bot: botVerdict({}),
      }),
    );
    if (outcome.kind !== "stored") throw new Error(outcome.kind);
    const [event] = await database.db
      .select()
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.properties}->>'leadId' = ${outcome.leadId}`);
    expect(event).toMatchObject({
      name: "contact_form_submission",
      visitorId: "visitor-0001-abcd",
      sessionId: "session-0001-abcd",
      isBot: false,
    });
    expect(JSON.stringify(event)).not.toContain(outcome.values.email);
  });

  it("looking automated is refused while bot protection is on, and kept in the spam folder", async () => {
    const automated = botVerdict({ automation: true });
    const setProtection = async (on: boolean) => {
      await database.db.update(companySettings).set({ botProtection: on });
      forgetCompanySettings(database.db);
    };
    await setProtection(true);
    try {
      const spamBefore = await countOf(spamSubmissions);
      const leadsBefore = await countOf(leads);
      const request = leadRequest({ bot: automated });
      const outcome = await submitLead(services, request);
      expect(outcome).toEqual({ kind: "blocked" });
      expect(await countOf(leads)).toBe(leadsBefore);
      expect(await countOf(spamSubmissions)).toBe(spamBefore + 1);
      const json = await answerJson(outcome, contextFor());
      expect(json.status).toBe(403);
      expect(await json.json()).toMatchObject({ error: "Access Restricted" });
      // A search engine and a person are let through.
      const person = await submitLead(
        services,
        leadRequest({ bot: botVerdict({ incognito: true }) }),
      );
      expect(person.kind).toBe("stored");
    } finally {
      await setProtection(false);
    }
    // With protection off, the same request is a lead.
    expect((await submitLead(services, leadRequest({ bot: automated }))).kind).toBe("stored");
  });

  it("from a JSON caller needs no form token", async () => {
    const outcome = await submitLead(
      services,
      leadRequest({ channel: "json", formToken: undefined }),
    );
    expect(outcome.kind).toBe("stored");
  });

  it("with problems is answered with their messages and stores nothing", async () => {
    const before = await countOf(leads);
    const request = leadRequest({
      values: { ...leadRequest().values, email: "nope", phone: "1 617 555" },
    });
    const outcome = await submitLead(services, request);
    expect(outcome).toEqual({
      kind: "invalid",
      errors: {
        email: "Please enter a valid email address",
        phone: "Phone number must be at least 10 digits after the 1",
      },
    });
    expect(await countOf(leads)).toBe(before);
    const answer = await answerJson(outcome, contextFor());
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ errors: outcome.kind === "invalid" && outcome.errors });
  });

  it("past the per-address limit is refused with a clear message, other addresses still pass", async () => {
    const ip = "198.19.200.1";
    for (let i = 0; i < 5; i++) {
      expect((await submitLead(services, leadRequest({ ip }))).kind).toBe("stored");
    }
    const refused = await submitLead(services, leadRequest({ ip }));
    expect(refused.kind).toBe("rate_limited");
    expect((await submitLead(services, leadRequest({ ip: "198.19.200.2" }))).kind).toBe("stored");

    const answer = await answerJson(refused, contextFor());
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { error } = (await answer.json()) as { error: string };
    expect(error).toMatch(
      /^You have sent several requests in a short time\. Please wait (1 minute|\d+ minutes) and try again, or call us at \(617\) 555-0142\.$/,
    );
  });

  it("that the database cannot take is answered 503 with the values kept, and nothing half-stored", async () => {
    const before = [await countOf(leads), await countOf(webhookDeliveries)];
    await database.executeSql("alter table leads rename to leads_unavailable");
    let outcome;
    try {
      outcome = await submitLead(services, leadRequest());
    } finally {
      await database.executeSql("alter table leads_unavailable rename to leads");
    }
    expect(outcome).toEqual({ kind: "unavailable" });
    expect([await countOf(leads), await countOf(webhookDeliveries)]).toEqual(before);

    const request = leadRequest();
    const answer = await answerForm(request, outcome, contextFor());
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as unknown as {
      data: { values: unknown; formError: string };
      init: { status: number };
    };
    expect(init.status).toBe(503);
    expect(data.values).toEqual(request.values);
    expect(data.formError).toContain("We could not save your request just now.");
  });
});

/** The router context the lead route reads: the real runtime pieces of this test. */
function contextFor(): RouterContextProvider {
  const context = new RouterContextProvider();
  const runtime = {
    config: loadConfig({ NODE_ENV: "test", AUTH_SECRET: SECRET } as NodeJS.ProcessEnv),
    logger,
    database,
    db: database.db,
    jobs,
    contentChanges: { listening: false, subscribe: () => {} },
  } as Runtime;
  context.set(runtimeContext, runtime);
  return context;
}
