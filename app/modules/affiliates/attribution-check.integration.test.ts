import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliateCodes, affiliates, leads, referralClicks } from "~/db/schema";
import type { AffiliateAuthDeps } from "./affiliate-auth.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { filledLeadForm } from "~/modules/leads/lead-test-fixtures";
import { submitLead, type LeadServices } from "~/modules/leads/leads.server";
import {
  startLeadTestbed,
  TEST_PUBLIC_URL,
  type LeadTestbed,
} from "~/modules/leads/test-support.server";
import { createLogger } from "~/modules/platform/logger.server";
import { recordReferralClick } from "./referrals.server";
import { createTestAffiliate } from "./test-support.server";

/**
 * Who a referral code credits (docs/REQUIREMENTS.md R4.1 and the programme's rule): an
 * approved affiliate, by any code they have had, in any case; otherwise nobody, with the
 * code kept on the lead. A lead in the affiliate's own name is flagged as a self-referral.
 */

const SECRET = "s".repeat(40);
let testbed: LeadTestbed;
let services: LeadServices;
let deps: AffiliateAuthDeps;

beforeAll(async () => {
  testbed = await startLeadTestbed({ id: "staff-attribution", email: "ops@example.com", ip: null });
  services = {
    database: testbed.database,
    boss: testbed.jobs.boss,
    logger: createLogger({ level: "silent" }),
    publicUrl: TEST_PUBLIC_URL,
    secret: SECRET,
  };
  deps = {
    database: testbed.database,
    boss: testbed.jobs.boss,
    config: {
      authSecret: "a-test-secret-that-is-long-enough-0123456789",
      publicUrl: TEST_PUBLIC_URL,
    },
  };
});

afterAll(async () => {
  await testbed?.stop();
});

let submitted = 0;
async function leadWithCode(code: string, values: Parameters<typeof filledLeadForm>[0] = {}) {
  const n = ++submitted;
  const outcome = await submitLead(services, {
    values: filledLeadForm({
      email: `visitor${n}@example.com`,
      phone: `(617) 555-${String(1000 + n)}`,
      ...values,
    }),
    honeypot: "",
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    channel: "form",
    tracking: {},
    affiliateCode: code,
    visitorId: undefined,
    cookieTracking: {},
    ip: `198.18.9.${n}`,
    userAgent: "attribution test",
    pagePath: "/",
  });
  if (outcome.kind !== "stored") throw new Error(`not stored: ${outcome.kind}`);
  const [lead] = await testbed.database.db.select().from(leads).where(eq(leads.id, outcome.leadId));
  return lead!;
}

describe("attribution check", () => {
  it("credits an approved affiliate, by its code in any case", async () => {
    const partner = await createTestAffiliate(deps, "approved", { code: "Cape-Cod-Realty" });
    const lead = await leadWithCode("cape-cod-REALTY");
    expect(lead).toMatchObject({
      affiliateId: partner.id,
      affiliateCode: "cape-cod-REALTY",
      selfReferral: false,
    });
  });

  it("keeps the code of a pending, rejected, disabled or unknown affiliate but credits nobody", async () => {
    for (const status of ["pending", "rejected", "disabled"] as const) {
      const partner = await createTestAffiliate(deps, status);
      const lead = await leadWithCode(partner.code);
      expect(lead, status).toMatchObject({ affiliateId: null, affiliateCode: partner.code });
    }
    expect(await leadWithCode("nobody-has-this")).toMatchObject({
      affiliateId: null,
      affiliateCode: "nobody-has-this",
    });
  });

  it("an old code keeps crediting after the code changed", async () => {
    const partner = await createTestAffiliate(deps, "approved", { code: "old-code-1" });
    await testbed.database.db
      .update(affiliates)
      .set({ code: "new-code-1" })
      .where(eq(affiliates.id, partner.id));
    await testbed.database.db
      .insert(affiliateCodes)
      .values({ code: "new-code-1", affiliateId: partner.id });
    expect((await leadWithCode("old-code-1")).affiliateId).toBe(partner.id);
    expect((await leadWithCode("new-code-1")).affiliateId).toBe(partner.id);
  });

  it("flags a lead with the affiliate's own e-mail or phone as a self-referral", async () => {
    const partner = await createTestAffiliate(deps, "approved", { phone: "+16175550199" });
    const byEmail = await leadWithCode(partner.code, { email: partner.email.toUpperCase() });
    expect(byEmail).toMatchObject({ affiliateId: partner.id, selfReferral: true });
    const byPhone = await leadWithCode(partner.code, { phone: "617-555-0199" });
    expect(byPhone).toMatchObject({ affiliateId: partner.id, selfReferral: true });
    const someoneElse = await leadWithCode(partner.code);
    expect(someoneElse.selfReferral).toBe(false);
  });

  it("counts clicks for the approved affiliate only", async () => {
    const approved = await createTestAffiliate(deps, "approved");
    const pending = await createTestAffiliate(deps, "pending");
    await recordReferralClick(testbed.database.db, approved.code.toUpperCase(), "/bathrooms");
    await recordReferralClick(testbed.database.db, pending.code, "/");
    const clicks = await testbed.database.db.select().from(referralClicks);
    expect(clicks.find((click) => click.code === approved.code.toUpperCase())?.affiliateId).toBe(
      approved.id,
    );
    expect(clicks.find((click) => click.code === pending.code)?.affiliateId).toBeNull();
  });
});
