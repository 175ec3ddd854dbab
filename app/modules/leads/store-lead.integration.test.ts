import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyticsEvents,
  mailMessages,
  spamSubmissions,
  webhookDeliveries,
  type Lead,
} from "~/db/schema";
import type { TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import type { Jobs } from "~/modules/jobs/jobs.server";
import { MAIL_QUEUE } from "~/modules/mail/mail.server";
import { createLogger } from "~/modules/platform/logger.server";
import { LEAD_WEBHOOK_QUEUE } from "~/modules/webhooks/webhooks.server";
import { issueFormToken } from "./form-token.server";
import { filledLeadForm, storedLead } from "./lead-test-fixtures";
import { submitLead, type LeadRequest, type LeadServices } from "./leads.server";
import { restoreSpamSubmission } from "./spam.server";
import {
  startLeadTestbed,
  TEST_PUBLIC_URL,
  visitorWithTouches,
  type LeadTestbed,
} from "./test-support.server";

/**
 * A lead is stored one way (storeLead), whether a visitor's request went straight in or was
 * caught as spam and restored by staff: the same attribution, deliveries, mail and records.
 */

const SECRET = "s".repeat(40);
const PUBLIC_URL = TEST_PUBLIC_URL;
const logger = createLogger({ level: "silent" });
const actor: Actor = { id: "staff-store-1", email: "ops@lumenbath.example", ip: "203.0.113.8" };

let database: TestDatabase;
let jobs: Jobs;
let services: LeadServices;
let testbed: LeadTestbed;

beforeAll(async () => {
  testbed = await startLeadTestbed(actor);
  ({ database, jobs } = testbed);
  services = { database, boss: jobs.boss, logger, publicUrl: PUBLIC_URL, secret: SECRET };
});

afterAll(async () => {
  await testbed?.stop();
});

function request(visitorId: string, email: string, honeypot: string): LeadRequest {
  return {
    values: filledLeadForm({ lastName: "Same", email }),
    honeypot,
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    channel: "form",
    tracking: { gclid: "G-9", ad_id: "42" },
    affiliateCode: "harbor-design",
    visitorId,
    cookieTracking: { ga: "GA1.1.123.456", fbp: "fb.1.2.3" },
    ip: "198.18.7.7",
    userAgent: "Mozilla/5.0 (store test)",
    pagePath: "/bathrooms",
  };
}

/** Everything about a stored lead that does not name the person or the moment. */
const attribution = (lead: Lead) => ({
  service: lead.service,
  projectType: lead.projectType,
  source: lead.source,
  referralName: lead.referralName,
  agreeToContact: lead.agreeToContact,
  agreeToAllPresent: lead.agreeToAllPresent,
  status: lead.status,
  tracking: lead.tracking,
  firstTouch: lead.firstTouch,
  lastTouch: lead.lastTouch,
  affiliateCode: lead.affiliateCode,
  affiliateId: lead.affiliateId,
  ipAddress: lead.ipAddress,
  userAgent: lead.userAgent,
  pagePath: lead.pagePath,
  channel: lead.channel,
});

/** What was written beside a lead: its deliveries and their jobs, its mail and its job. */
async function writtenFor(leadId: string) {
  const deliveries = await database.db
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.leadId, leadId));
  const deliveryJobs = await Promise.all(
    deliveries.map(async (delivery) => {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and data->>'deliveryId' = $2`,
        [LEAD_WEBHOOK_QUEUE, delivery.id],
      );
      return Number(rows[0]?.n);
    }),
  );
  const mails = await database.db
    .select({ id: mailMessages.id, kind: mailMessages.kind, to: mailMessages.to })
    .from(mailMessages)
    .where(sql`${mailMessages.text} like ${`%/admin/leads/${leadId}%`}`);
  const mailJobs = await Promise.all(
    mails.map(async (mail) => {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and data->>'messageId' = $2`,
        [MAIL_QUEUE, String(mail.id)],
      );
      return Number(rows[0]?.n);
    }),
  );
  return {
    deliveries: deliveries.map((delivery) => delivery.endpointId),
    deliveryJobs,
    mails: mails.map(({ kind, to }) => ({ kind, to })),
    mailJobs,
  };
}

const analyticsCount = async () =>
  Number(
    (
      await database.db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.name, "contact_form_submission"))
    )[0]?.n ?? 0,
  );

describe("storing a lead", () => {
  it("writes the same rows, jobs, deliveries and mail for a restored spam entry as for a form", async () => {
    const visitorId = await visitorWithTouches(database);
    const stamp = Date.now();

    const analyticsBefore = await analyticsCount();
    const submitted = await submitLead(
      services,
      request(visitorId, `direct.${stamp}@example.com`, ""),
    );
    expect(submitted.kind).toBe("stored");
    if (submitted.kind !== "stored") return;
    expect(await analyticsCount()).toBe(analyticsBefore + 1);

    // The same request with the hidden field filled in: caught, then restored by staff.
    const caught = await submitLead(
      services,
      request(visitorId, `caught.${stamp}@example.com`, "https://spam.example"),
    );
    expect(caught).toEqual({ kind: "spam", reason: "honeypot" });
    const [entry] = await database.db
      .select()
      .from(spamSubmissions)
      .where(
        sql`${spamSubmissions.payload}->'values'->>'email' = ${`caught.${stamp}@example.com`}`,
      );
    expect(entry).toBeDefined();
    const restored = await restoreSpamSubmission(
      { database, boss: jobs.boss, publicUrl: PUBLIC_URL },
      actor,
      entry!.id,
    );
    expect(restored).toMatchObject({ kind: "restored", deliveries: 1 });
    if (restored.kind !== "restored") return;
    expect(await analyticsCount()).toBe(analyticsBefore + 2);

    const direct = await storedLead(database, submitted.leadId);
    const fromSpam = await storedLead(database, restored.leadId);
    expect(attribution(fromSpam!)).toEqual(attribution(direct!));
    // The server's touches of the visitor, and the affiliate, on both.
    expect(direct).toMatchObject({
      firstTouch: { landingPath: "/", params: { utm_campaign: "autumn" } },
      lastTouch: { landingPath: "/bathrooms", params: { fbclid: "FB1" } },
      tracking: { gclid: "G-9", ga: "GA1.1.123.456", utm_campaign: "retarget" },
      affiliateCode: "harbor-design",
    });
    expect(direct?.affiliateId).toEqual(expect.any(String));
    // Dated when it was sent, not when staff restored it.
    expect(fromSpam?.createdAt.getTime()).toBe(entry!.createdAt.getTime());

    const directWrites = await writtenFor(direct!.id);
    expect(directWrites).toMatchObject({
      deliveries: [expect.any(Number)],
      deliveryJobs: [1],
      mails: [{ kind: "lead.notification" }],
      mailJobs: [1],
    });
    expect(await writtenFor(fromSpam!.id)).toEqual(directWrites);

    // The analytics records say the same about both (no personal data in either).
    type EventRecord = (typeof records)[number];
    const records = await database.db
      .select({ path: analyticsEvents.path, properties: analyticsEvents.properties })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.name, "contact_form_submission"),
          sql`${analyticsEvents.properties}->>'utm_campaign' = 'retarget'`,
        ),
      );
    expect(records).toHaveLength(2);
    // Each names its own lead; everything else is the same.
    const withoutLead = ({ properties: { leadId, ...properties }, ...record }: EventRecord) => {
      expect(typeof leadId).toBe("string");
      return { ...record, properties };
    };
    expect(withoutLead(records[1]!)).toEqual(withoutLead(records[0]!));
    expect(records[0]).toMatchObject({ path: "/bathrooms", properties: { affiliated: true } });
  });
});
