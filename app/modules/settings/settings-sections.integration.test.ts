import { desc, eq } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companySettings, users } from "~/db/schema";
import { DEMO_COMPANY, ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { saveSettingsSection } from "./settings-admin.server";
import { isSettingsSection, type SettingsSectionValues } from "./settings.schema";
import { acceptedSettingsForm, DEMO_PROFILE_FORM } from "./test-support";
import { getCompanySettings } from "./settings.server";

let database: TestDatabase;
const actor: Actor = { id: "owner-1", email: "owner@example.com", ip: "203.0.113.9" };

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  await database.db
    .insert(users)
    .values({ id: actor.id, email: actor.email, name: "Owen Owner", role: "admin" });
});
afterAll(async () => {
  await database?.destroy();
});

async function audits(action: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id));
}

/** A section as the screen sends it, read by its schema (its messages: settings.schema.test.ts). */
function section(fields: Parameters<typeof acceptedSettingsForm>[0]) {
  const values = acceptedSettingsForm(fields);
  if (!isSettingsSection(values.intent)) throw new Error(`Not a section: ${values.intent}`);
  return values as SettingsSectionValues;
}
const profile = (overrides: Record<string, string> = {}) =>
  section({ ...DEMO_PROFILE_FORM, ...overrides });

describe("saving settings", () => {
  it("writes the change, audits field, old and new value, and the site sees it at once", async () => {
    // Fills the 5-second cache first: the save must drop it.
    expect((await getCompanySettings(database.db)).phone).toBe(DEMO_COMPANY.phone);
    const outcome = await saveSettingsSection(
      database,
      actor,
      profile({ phone: "(617) 555-0199", addressCountry: "us" }),
    );
    expect(outcome).toEqual({
      changes: [{ field: "phone", from: "(617) 555-0142", to: "(617) 555-0199" }],
    });
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0199");
    const [event, ...others] = await audits("settings.update");
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      actorEmail: "owner@example.com",
      target: "settings",
      ipAddress: "203.0.113.9",
      details: {
        section: "profile",
        changes: [{ field: "phone", from: "(617) 555-0142", to: "(617) 555-0199" }],
      },
    });

    // Saving the same values again changes and audits nothing.
    const again = await saveSettingsSection(database, actor, profile({ phone: "(617) 555-0199" }));
    expect(again).toEqual({ changes: [] });
    expect(await audits("settings.update")).toHaveLength(1);
  });

  it("opening hours: keeps the entries the rows became, and only them", async () => {
    const outcome = await saveSettingsSection(
      database,
      actor,
      section({
        intent: "hours",
        "openingHours[0].days": "Sunday",
        "openingHours[0].opens": "12:00",
        "openingHours[0].closes": "16:00",
        "openingHours[1].days": ["Friday", "Monday", "Wednesday"],
        "openingHours[1].opens": "08:00",
        "openingHours[1].closes": "18:00",
        "openingHours[2].opens": "",
        "openingHours[2].closes": "",
      }),
    );
    const expected = [
      { days: ["Monday", "Wednesday", "Friday"], opens: "08:00", closes: "18:00" },
      { days: ["Sunday"], opens: "12:00", closes: "16:00" },
    ];
    expect(outcome).toEqual({
      changes: [{ field: "openingHours", from: DEMO_COMPANY.openingHours, to: expected }],
    });
    expect((await getCompanySettings(database.db)).openingHours).toEqual(expected);
    const [event] = await audits("settings.update");
    expect(event?.details).toEqual({ section: "hours", changes: outcome.changes });
  });

  it("claims, links, referral, notification addresses and switches, one audit per save", async () => {
    const before = (await audits("settings.update")).length;
    const claims = await saveSettingsSection(
      database,
      actor,
      section({
        intent: "claims",
        ratingValue: "4.8",
        ratingCount: "1,300",
        projectsCount: "32000",
        foundedYear: "1997",
        priceRange: "$$$",
        serviceAreaLatitude: "42.3601",
        serviceAreaLongitude: "-71.0589",
        serviceRadiusMeters: "300000",
      }),
    );
    expect(claims).toEqual({
      changes: [
        // A new company's profile states no rating or projects count until they are set.
        { field: "ratingValue", from: null, to: 4.8 },
        { field: "ratingCount", from: null, to: 1300 },
        { field: "projectsCount", from: null, to: 32000 },
        { field: "priceRange", from: "$$", to: "$$$" },
      ],
    });

    const links = await saveSettingsSection(
      database,
      actor,
      section({
        intent: "links",
        financingUrl: "https://financing.example.com/apply",
        paymentsUrl: DEMO_COMPANY.paymentsUrl,
        reviewUrl: DEMO_COMPANY.reviewUrl,
        facebookUrl: DEMO_COMPANY.facebookUrl,
        instagramUrl: DEMO_COMPANY.instagramUrl,
      }),
    );
    expect(links).toEqual({
      changes: [
        {
          field: "financingUrl",
          from: DEMO_COMPANY.financingUrl,
          to: "https://financing.example.com/apply",
        },
      ],
    });

    const notifications = await saveSettingsSection(
      database,
      actor,
      section({
        intent: "notifications",
        notificationEmails:
          "Leads@LumenBath.example\nsales@lumenbath.example, leads@lumenbath.example",
      }),
    );
    expect(notifications).toEqual({
      changes: [
        {
          field: "notificationEmails",
          from: ["leads@lumenbath.example"],
          to: ["leads@lumenbath.example", "sales@lumenbath.example"],
        },
      ],
    });

    const referral = await saveSettingsSection(
      database,
      actor,
      section({ intent: "referral", referralByName: "" }),
    );
    expect(referral).toEqual({
      changes: [{ field: "referralByName", from: "Dana Whitfield", to: "" }],
    });

    // Unticked boxes are not posted: both switches end up as posted.
    const security = await saveSettingsSection(
      database,
      actor,
      section({ intent: "security", requireStaffTwoFactor: "on", analyticsRetentionMonths: "24" }),
    );
    expect(security).toEqual({
      changes: [
        { field: "requireStaffTwoFactor", from: false, to: true },
        { field: "analyticsRetentionMonths", from: 13, to: 24 },
      ],
    });
    const company = await getCompanySettings(database.db);
    expect(company).toMatchObject({
      botProtection: false,
      requireStaffTwoFactor: true,
      analyticsRetentionMonths: 24,
      referralByName: "",
      ratingValue: 4.8,
      financingUrl: "https://financing.example.com/apply",
    });
    expect(await audits("settings.update")).toHaveLength(before + 5);
  });

  it("two admins saving at once: each change is kept and audited once", async () => {
    const before = (await audits("settings.update")).length;
    await Promise.all([
      saveSettingsSection(database, actor, section({ intent: "referral", referralByName: "Ann" })),
      saveSettingsSection(database, actor, profile({ phone: "(617) 555-0111" })),
    ]);
    expect(await getCompanySettings(database.db)).toMatchObject({
      referralByName: "Ann",
      phone: "(617) 555-0111",
    });
    expect(await audits("settings.update")).toHaveLength(before + 2);
  });
});

describe("the settings row", () => {
  it("stays a single row", async () => {
    expect(await database.db.select().from(companySettings)).toHaveLength(1);
  });
});
