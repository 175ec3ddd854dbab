import { sql } from "drizzle-orm";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { leads } from "~/db/schema";
import { recordTouch } from "~/modules/attribution/touches.server";
import { EMPTY_LEAD_FORM } from "~/modules/leads/lead-fields";
import { submitLead } from "~/modules/leads/leads.server";
import { staffTestWorldForFile } from "~/modules/staff/test-support.server";
import { createLogger } from "./logger.server";

/** Log lines written to memory, to read back what a failure logged. */
function memoryLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: createLogger({ level: "info", destination }), text: () => lines.join("") };
}

const PERSON = {
  firstName: "Marisol",
  lastName: "Quintanilla-Vega",
  email: "marisol.quintanilla@example.com",
  phone: "(617) 555-0142",
  ip: "203.0.113.58",
};

const PUBLIC_URL = new URL("https://www.lumenbath.example");
const world = staffTestWorldForFile({ publicUrl: PUBLIC_URL });

describe("a database error in the log", () => {
  it("names the failure but none of the visitor's data", async () => {
    const { logger, text } = memoryLogger();
    // The table is gone for a moment: every insert fails with the values it carried.
    await world.database.db.execute(sql`alter table ${leads} rename to leads_away`);
    try {
      const outcome = await submitLead(
        {
          database: world.database,
          boss: world.jobs.boss,
          logger,
          publicUrl: PUBLIC_URL,
          secret: "s".repeat(40),
        },
        {
          values: {
            ...EMPTY_LEAD_FORM,
            firstName: PERSON.firstName,
            lastName: PERSON.lastName,
            email: PERSON.email,
            phone: PERSON.phone,
            service: "Bathroom Remodeling",
            projectType: "Commercial",
            source: "Google",
            agreeToContact: "on",
          },
          honeypot: "",
          formToken: undefined,
          channel: "json",
          tracking: { utm_source: "newsletter" },
          affiliateCode: undefined,
          visitorId: undefined,
          cookieTracking: {},
          ip: PERSON.ip,
          userAgent: "Mozilla/5.0 (log test)",
          pagePath: "/bathrooms?name=Marisol",
        },
      );
      expect(outcome.kind).toBe("unavailable");
    } finally {
      await world.database.db.execute(sql`alter table leads_away rename to leads`);
    }
    const logged = text();
    expect(logged).toContain("storing a lead failed");
    expect(logged).toMatch(/Failed query/);
    for (const value of [
      PERSON.firstName,
      PERSON.lastName,
      PERSON.email,
      "6175550142",
      PERSON.ip,
      "newsletter",
    ]) {
      expect(logged, value).not.toContain(value);
    }
  });

  it("keeps a visitor-table failure's query values out too", async () => {
    const { logger, text } = memoryLogger();
    await world.database.db.execute(sql`alter table visitors rename to visitors_away`);
    try {
      await recordTouch(world.database.db, undefined, {
        at: new Date().toISOString(),
        landingPath: "/bathrooms",
        referrer: "https://mail.example/?to=marisol.quintanilla@example.com",
        params: { utm_campaign: "marisol-quintanilla-vip" },
      }).catch((err: unknown) => logger.error({ err }, "recording attribution failed"));
    } finally {
      await world.database.db.execute(sql`alter table visitors_away rename to visitors`);
    }
    const logged = text();
    expect(logged).toContain("recording attribution failed");
    expect(logged).not.toContain("marisol");
  });
});
