import { users } from "~/db/schema";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { recordTouch } from "~/modules/attribution/touches.server";
import type { Actor } from "~/modules/audit/actor";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { createLogger } from "~/modules/platform/logger.server";
import {
  startReceiver,
  // Not a React hook, whatever its name tells the linter.
  useOnlyEndpoint as sendWebhooksOnlyTo,
  type Receiver,
} from "~/modules/webhooks/test-support.server";

/** What the lead tests that store and deliver leads share: a database, its jobs, a receiver. */

export const TEST_PUBLIC_URL = new URL("https://www.lumenbath.example");

export interface LeadTestbed {
  database: TestDatabase;
  jobs: Jobs;
  receiver: Receiver;
  stop(): Promise<void>;
}

/**
 * A fresh database with the company's settings, a staff member (`actor`), the "harbor-design"
 * affiliate, one webhook endpoint pointing at a local receiver, and running job workers.
 */
export async function startLeadTestbed(actor: Actor): Promise<LeadTestbed> {
  const database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  await database.db
    .insert(users)
    .values({ id: actor.id, name: "Ops Person", email: actor.email, role: "admin" });
  await insertAffiliate(database.db, {
    code: "harbor-design",
    name: "Harbor",
    email: "harbor@example.com",
    status: "approved",
  });
  const receiver = await startReceiver(() => 204);
  await sendWebhooksOnlyTo(database.db, receiver.url);
  const jobs = await startJobs(database, createLogger({ level: "silent" }), {
    publicUrl: TEST_PUBLIC_URL,
    retryPolicy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 60_000, jitter: 0 },
    pollingIntervalSeconds: 0.5,
    // The receiver listens on 127.0.0.1.
    allowPrivateWebhookTargets: true,
  });
  return {
    database,
    jobs,
    receiver,
    async stop() {
      await jobs.stop();
      await receiver.close();
      await database.destroy();
    },
  };
}

/** A visitor the server saw twice: from a Google ad, then from a Facebook retargeting ad. */
export async function visitorWithTouches(database: TestDatabase): Promise<string> {
  const visitorId = await recordTouch(database.db, undefined, {
    at: "2026-11-01T10:00:00.000Z",
    landingPath: "/",
    referrer: "www.google.com",
    params: { utm_source: "google", utm_medium: "cpc", utm_campaign: "autumn" },
  });
  await recordTouch(database.db, visitorId, {
    at: "2026-11-20T10:00:00.000Z",
    landingPath: "/bathrooms",
    params: { utm_source: "facebook", utm_campaign: "retarget", fbclid: "FB1" },
  });
  return visitorId;
}
