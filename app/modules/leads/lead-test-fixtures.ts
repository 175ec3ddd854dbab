import { eq } from "drizzle-orm";
import { leads } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, openForFile, type TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { insertActorAccount } from "~/modules/staff/test-support.server";
import { EMPTY_LEAD_FORM, type LeadFormValues } from "./lead-fields";

/** What the lead tests stand on: a staff database, a filled-in form, a stored lead by id. */

/**
 * A database of this test file's own, destroyed after its tests, with the company's
 * settings and `actor`'s admin account.
 */
export const staffLeadDatabaseForFile = (actor: Actor, name: string): TestDatabase =>
  openForFile(
    async () => {
      const database = await createTestDatabase();
      await ensureCompanySettings(database.db);
      await insertActorAccount(database.db, actor, name);
      return database;
    },
    (database) => database.destroy(),
  );

/** The consultation form as Robin fills it in: a rental bathroom, referred by a neighbour. */
export const filledLeadForm = (values: Partial<LeadFormValues> = {}): LeadFormValues => ({
  ...EMPTY_LEAD_FORM,
  firstName: "Robin",
  lastName: "Tester",
  email: "robin@example.com",
  phone: "(617) 555-0100",
  service: "Bathroom Remodeling",
  projectType: "Rental",
  source: "Referral",
  referralName: "Sam Neighbour",
  agreeToContact: "on",
  agreeToAllPresent: "on",
  ...values,
});

/** The lead stored under `id`, if any. */
export async function storedLead(database: TestDatabase, id: string) {
  const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
  return lead;
}

/** filledLeadForm()'s answers as a stored lead holds them: trimmed, the phone in E.164. */
export const FILLED_FORM_STORED = {
  firstName: "Robin",
  phone: "+16175550100",
  service: "Bathroom Remodeling",
  projectType: "Rental",
  source: "Referral",
  referralName: "Sam Neighbour",
  otherSource: null,
  agreeToContact: true,
  agreeToAllPresent: true,
};
