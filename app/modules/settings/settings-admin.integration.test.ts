import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, companySettings, users, webhookEndpoints } from "~/db/schema";
import { DEMO_COMPANY, ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { verifyWebhookSignature } from "~/modules/webhooks/signature.server";
import {
  METADATA_TARGET_REFUSED,
  PRIVATE_TARGET_REFUSED,
} from "~/modules/webhooks/target-guard.server";
import { freePort, startReceiver } from "~/modules/webhooks/test-support.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  saveSettingsSection,
  sendTestDelivery,
  setWebhookEndpointEnabled,
  type SettingsActor,
} from "./settings-admin.server";
import { readSectionForm } from "./settings.schema";
import { getCompanySettings } from "./settings.server";

let database: TestDatabase;
const actor: SettingsActor = { id: "owner-1", email: "owner@example.com", ip: "203.0.113.9" };

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

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
};

const profileForm = (overrides: Record<string, string> = {}) =>
  form({
    name: DEMO_COMPANY.name,
    phone: DEMO_COMPANY.phone,
    email: DEMO_COMPANY.email,
    streetAddress: DEMO_COMPANY.streetAddress,
    addressLocality: DEMO_COMPANY.addressLocality,
    addressRegion: DEMO_COMPANY.addressRegion,
    postalCode: DEMO_COMPANY.postalCode,
    addressCountry: DEMO_COMPANY.addressCountry,
    latitude: String(DEMO_COMPANY.latitude),
    longitude: String(DEMO_COMPANY.longitude),
    ...overrides,
  });

describe("saving settings", () => {
  it("answers every invalid field beside it and changes nothing", async () => {
    const outcome = await saveSettingsSection(
      database,
      actor,
      "profile",
      readSectionForm(
        "profile",
        profileForm({
          name: "  ",
          email: "not-an-address",
          latitude: "95",
          longitude: "east",
          phone: "12",
        }),
      ),
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        name: "Enter the company name.",
        email: "Enter an e-mail address like name@example.com.",
        latitude: "Enter a number from -90 to 90.",
        longitude: "Enter a number, like 42.5.",
        phone: "Enter a phone number with its area code, like (617) 555-0142.",
      },
    });
    expect(await audits("settings.update")).toEqual([]);
  });

  it("writes the change, audits field, old and new value, and the site sees it at once", async () => {
    // Fills the 5-second cache first: the save must drop it.
    expect((await getCompanySettings(database.db)).phone).toBe(DEMO_COMPANY.phone);
    const outcome = await saveSettingsSection(
      database,
      actor,
      "profile",
      readSectionForm("profile", profileForm({ phone: "(617) 555-0199", addressCountry: "us" })),
    );
    expect(outcome).toEqual({
      ok: true,
      changes: [{ field: "phone", from: "(617) 555-0142", to: "(617) 555-0199" }],
    });
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0199");
    const [event] = await audits("settings.update");
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
    const again = await saveSettingsSection(
      database,
      actor,
      "profile",
      readSectionForm("profile", profileForm({ phone: "(617) 555-0199" })),
    );
    expect(again).toEqual({ ok: true, changes: [] });
    expect(await audits("settings.update")).toHaveLength(1);
  });

  it("opening hours: rows become entries in week order; bad rows are pointed at", async () => {
    const bad = await saveSettingsSection(
      database,
      actor,
      "hours",
      readSectionForm(
        "hours",
        form({
          "hours.0.days": ["Monday", "Tuesday"],
          "hours.0.opens": "09:00",
          "hours.0.closes": "08:00",
          "hours.1.days": ["Tuesday"],
          "hours.1.opens": "9",
          "hours.1.closes": "17:00",
          "hours.2.opens": "10:00",
          "hours.2.closes": "12:00",
        }),
      ),
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        "rows.0.closes": "The closing time must be after the opening time.",
        "rows.1.days": "Tuesday is already in row 1.",
        "rows.1.opens": "Enter the opening time, like 08:00.",
        "rows.2.days": "Choose at least one day.",
      },
    });

    const good = await saveSettingsSection(
      database,
      actor,
      "hours",
      readSectionForm(
        "hours",
        form({
          "hours.0.days": ["Sunday"],
          "hours.0.opens": "12:00",
          "hours.0.closes": "16:00",
          "hours.1.days": ["Friday", "Monday", "Wednesday"],
          "hours.1.opens": "08:00",
          "hours.1.closes": "18:00",
        }),
      ),
    );
    const expected = [
      { days: ["Monday", "Wednesday", "Friday"], opens: "08:00", closes: "18:00" },
      { days: ["Sunday"], opens: "12:00", closes: "16:00" },
    ];
    expect(good).toEqual({
      ok: true,
      changes: [{ field: "openingHours", from: DEMO_COMPANY.openingHours, to: expected }],
    });
    expect((await getCompanySettings(database.db)).openingHours).toEqual(expected);
  });

  it("claims, links, referral, notification addresses and switches", async () => {
    const claims = await saveSettingsSection(
      database,
      actor,
      "claims",
      readSectionForm(
        "claims",
        form({
          ratingValue: "4.85",
          ratingCount: "1,300",
          projectsCount: "12.5",
          foundedYear: "2999",
          priceRange: "cheap",
          serviceAreaLatitude: "42.36",
          serviceAreaLongitude: "-71.06",
          serviceRadiusMeters: "0",
        }),
      ),
    );
    expect(claims).toEqual({
      ok: false,
      errors: {
        ratingValue: "Use at most 1 decimal place.",
        projectsCount: "Enter a whole number.",
        foundedYear: `Enter a number from 1800 to ${new Date().getFullYear()}.`,
        priceRange: "Use one to four dollar signs, from $ to $$$$.",
        serviceRadiusMeters: "Enter a number from 1 to 5,000,000.",
      },
    });
    const claimsOk = await saveSettingsSection(
      database,
      actor,
      "claims",
      readSectionForm(
        "claims",
        form({
          ratingValue: "4.8",
          ratingCount: "1,300",
          projectsCount: "32000",
          foundedYear: "1997",
          priceRange: "$$$",
          serviceAreaLatitude: "42.3601",
          serviceAreaLongitude: "-71.0589",
          serviceRadiusMeters: "300000",
        }),
      ),
    );
    expect(claimsOk).toEqual({
      ok: true,
      changes: [
        { field: "ratingValue", from: 4.9, to: 4.8 },
        { field: "ratingCount", from: 1250, to: 1300 },
        { field: "priceRange", from: "$$", to: "$$$" },
      ],
    });

    const links = await saveSettingsSection(
      database,
      actor,
      "links",
      readSectionForm(
        "links",
        form({
          financingUrl: "javascript:alert(1)",
          paymentsUrl: "https://pay.example.com/lumen",
          reviewUrl: "",
          facebookUrl: "https://facebook.example.com/lumenbath",
          instagramUrl: "https://instagram.example.com/lumenbath",
        }),
      ),
    );
    expect(links).toEqual({
      ok: false,
      errors: {
        financingUrl: "Enter a full address starting with https://.",
        reviewUrl: "Enter an address starting with https://.",
      },
    });

    const notifications = await saveSettingsSection(
      database,
      actor,
      "notifications",
      readSectionForm(
        "notifications",
        form({
          notificationEmails:
            "Leads@LumenBath.example\nsales@lumenbath.example, leads@lumenbath.example",
        }),
      ),
    );
    expect(notifications).toEqual({
      ok: true,
      changes: [
        {
          field: "notificationEmails",
          from: ["leads@lumenbath.example"],
          to: ["leads@lumenbath.example", "sales@lumenbath.example"],
        },
      ],
    });
    const badAddress = await saveSettingsSection(
      database,
      actor,
      "notifications",
      readSectionForm("notifications", form({ notificationEmails: "ok@example.com\nnope" })),
    );
    expect(badAddress).toEqual({
      ok: false,
      errors: { notificationEmails: "Not an e-mail address: nope" },
    });

    const referral = await saveSettingsSection(
      database,
      actor,
      "referral",
      readSectionForm("referral", form({ referralByName: "" })),
    );
    expect(referral).toEqual({
      ok: true,
      changes: [{ field: "referralByName", from: "Dana Whitfield", to: "" }],
    });

    // Unticked boxes are not posted: both switches end up as posted.
    const security = await saveSettingsSection(
      database,
      actor,
      "security",
      readSectionForm("security", form({ requireStaffTwoFactor: "on" })),
    );
    expect(security).toEqual({
      ok: true,
      changes: [{ field: "requireStaffTwoFactor", from: false, to: true }],
    });
    const company = await getCompanySettings(database.db);
    expect(company).toMatchObject({ botProtection: false, requireStaffTwoFactor: true });
  });
});

/** The receivers here listen on 127.0.0.1. */
const local = { allowPrivateTargets: true };

describe("webhook endpoints", () => {
  it("shows the new secret once: stored for signing, never listed", async () => {
    const invalid = await createWebhookEndpoint(database, actor, {
      url: "ftp://x",
      description: "",
    });
    expect(invalid).toEqual({
      ok: false,
      errors: { url: "Enter a full address starting with https://." },
    });

    const created = await createWebhookEndpoint(database, actor, {
      url: "https://hooks.example.com/lead?token=abc123",
      description: "CRM",
      enabled: "on",
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(created.secret, "base64url").length).toBeGreaterThanOrEqual(32);

    const [stored] = await database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(stored?.secret).toBe(created.secret);

    const listed = await listWebhookEndpoints(database.db);
    const view = listed.find((endpoint) => endpoint.id === created.endpoint.id);
    expect(view).toMatchObject({
      url: stored!.url,
      description: "CRM",
      enabled: true,
      signed: true,
    });
    expect(Object.keys(view!)).not.toContain("secret");
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    // The audit names the endpoint without its query string (a token) or the secret.
    const [event] = await audits("settings.webhook.create");
    expect(event?.details).toEqual({
      url: "https://hooks.example.com/lead?…",
      description: "CRM",
      enabled: true,
    });
    expect(JSON.stringify(await database.db.select().from(auditEvents))).not.toContain(
      created.secret,
    );
  });

  it("sends a signed test delivery to a real receiver and shows its status and time", async () => {
    const receiver = await startReceiver();
    try {
      const created = await createWebhookEndpoint(database, actor, {
        url: receiver.url,
        description: "Local receiver",
        enabled: undefined,
      });
      if (!created.ok) throw new Error("not created");
      const result = await sendTestDelivery(database, actor, created.endpoint.id, {
        companyName: "Lumen Bath & Remodel",
        allowPrivateTargets: true,
      });
      expect(result).toMatchObject({ statusCode: 200, ok: true, error: null });
      expect(receiver.receipts).toHaveLength(1);
      const [receipt] = receiver.receipts;
      expect(receipt!.headers["x-lumen-event"]).toBe("test");
      expect(receipt!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(receipt!.headers["user-agent"]).toBe("LumenBath-Webhooks/1");
      expect(
        verifyWebhookSignature(
          created.secret,
          receipt!.headers["x-lumen-signature"] as string,
          receipt!.headers["x-lumen-timestamp"] as string,
          receipt!.body,
        ),
      ).toBe(true);
      expect(JSON.parse(receipt!.body)).toMatchObject({ event: "test" });

      // Shown in the list: the last test's status and time (a disabled endpoint too).
      const view = (await listWebhookEndpoints(database.db)).find(
        (endpoint) => endpoint.id === created.endpoint.id,
      );
      expect(view?.enabled).toBe(false);
      expect(view?.lastTest).toMatchObject({ statusCode: 200, ok: true });
      expect(view?.lastTest?.at.getTime()).toBe(result!.at.getTime());
      const [event] = await audits("settings.webhook.test");
      expect(event).toMatchObject({
        target: `webhook:${created.endpoint.id}`,
        details: { statusCode: 200, ok: true },
      });
    } finally {
      await receiver.close();
    }
  });

  it("reports a refusing receiver's status and an unreachable one", async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const created = await createWebhookEndpoint(database, actor, {
        url: receiver.url,
        enabled: "on",
      });
      if (!created.ok) throw new Error("not created");
      expect(await sendTestDelivery(database, actor, created.endpoint.id, local)).toMatchObject({
        statusCode: 503,
        ok: false,
        error: "HTTP 503 Service Unavailable",
      });
    } finally {
      await receiver.close();
    }
    const port = await freePort();
    const gone = await createWebhookEndpoint(database, actor, {
      url: `http://127.0.0.1:${port}/hook`,
      enabled: "on",
    });
    if (!gone.ok) throw new Error("not created");
    const result = await sendTestDelivery(database, actor, gone.endpoint.id, {
      ...local,
      timeoutMs: 3000,
    });
    expect(result).toMatchObject({ statusCode: null, ok: false });
    expect(result?.error).toMatch(/ECONNREFUSED/);
    expect(await sendTestDelivery(database, actor, 999_999, local)).toBeUndefined();
  });

  it("refuses private and loopback endpoints by default, saying nothing about their ports", async () => {
    const listening = await startReceiver();
    const closedPort = await freePort();
    try {
      const test = async (url: string) => {
        const created = await createWebhookEndpoint(database, actor, { url, enabled: "on" });
        if (!created.ok) throw new Error("not created");
        return sendTestDelivery(database, actor, created.endpoint.id, {
          allowPrivateTargets: false,
          timeoutMs: 3000,
        });
      };
      // A port that listens and one that does not get the same answer.
      const open = await test(listening.url);
      const closed = await test(`http://127.0.0.1:${closedPort}/hook`);
      const byName = await test(`http://localhost:${listening.port}/hook`);
      const ipv6 = await test(`http://[::1]:${listening.port}/hook`);
      const internal = await test("http://10.0.0.1:8080/hook");
      for (const result of [open, closed, byName, ipv6, internal]) {
        expect(result).toMatchObject({
          statusCode: null,
          ok: false,
          error: PRIVATE_TARGET_REFUSED,
        });
      }
      const metadata = await test("http://169.254.169.254/latest/meta-data/");
      expect(metadata).toMatchObject({ statusCode: null, error: METADATA_TARGET_REFUSED });
      for (const result of [open, closed, byName, ipv6, internal, metadata]) {
        expect(result?.error).not.toMatch(/ECONNREFUSED|no answer|\d{4,5}/);
      }
      expect(listening.connections()).toBe(0);
      expect(listening.receipts).toHaveLength(0);
      const [event] = await audits("settings.webhook.test");
      expect(event?.details).toMatchObject({ ok: false, error: METADATA_TARGET_REFUSED });
    } finally {
      await listening.close();
    }
  });

  it("enables, disables and deletes, each audited", async () => {
    const created = await createWebhookEndpoint(database, actor, {
      url: "https://hooks.example.com/other",
      enabled: "on",
    });
    if (!created.ok) throw new Error("not created");
    const id = created.endpoint.id;
    expect(await setWebhookEndpointEnabled(database, actor, id, false)).toBe(true);
    expect((await audits("settings.webhook.disable"))[0]).toMatchObject({
      target: `webhook:${id}`,
      details: { changes: [{ field: "enabled", from: true, to: false }] },
    });
    expect(await setWebhookEndpointEnabled(database, actor, id, true)).toBe(true);
    expect((await audits("settings.webhook.enable"))[0]).toMatchObject({ target: `webhook:${id}` });
    expect(await deleteWebhookEndpoint(database, actor, id)).toBe(true);
    expect(await deleteWebhookEndpoint(database, actor, id)).toBe(false);
    expect((await audits("settings.webhook.delete"))[0]).toMatchObject({
      target: `webhook:${id}`,
      details: { url: "https://hooks.example.com/other", enabled: true },
    });
    expect(
      await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    ).toEqual([]);
    expect(await setWebhookEndpointEnabled(database, actor, id, true)).toBe(false);
  });
});

describe("the settings row", () => {
  it("stays a single row", async () => {
    expect(await database.db.select().from(companySettings)).toHaveLength(1);
  });
});
