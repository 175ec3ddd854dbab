// What the browser tests start from, written into DATA_DIR's embedded database before the
// test server opens it: authors and categories for the post editor, and partners in each
// status for the partner portal, and a few analytics events for the analytics screen. Run by tests/e2e/global-setup.ts with tsx; safe to run again.
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import path from "node:path";
import { openDatabase } from "../../../app/db/client.server";
import { analyticsEvents, authors, categories } from "../../../app/db/schema";
import { insertAffiliate } from "../../../app/modules/affiliates/affiliate-records.server";
import { e2ePartner, PARTNER_KEYS, PARTNER_PROJECTS } from "./affiliate";

export const E2E_AUTHOR = { name: "Riley Tester", slug: "riley-tester" };
/** A page only the analytics screen's test visits: three views by two people, one by a bot. */
export const E2E_ANALYTICS_PATH = "/e2e-analytics-sample";

export const E2E_CATEGORIES = [
  { name: "Planning", slug: "planning" },
  { name: "Showers", slug: "showers" },
];

const dataDir = process.env.DATA_DIR;
if (process.argv[1]?.endsWith("database-fixtures.ts")) {
  if (!dataDir) throw new Error("DATA_DIR is needed");
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    await database.db.insert(authors).values(E2E_AUTHOR).onConflictDoNothing();
    await database.db.insert(categories).values(E2E_CATEGORIES).onConflictDoNothing();
    const analyticsSample = await database.db
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.path, E2E_ANALYTICS_PATH))
      .limit(1);
    if (analyticsSample.length === 0) {
      const view = (visitor: string, isBot = false) => ({
        name: "page_view",
        path: E2E_ANALYTICS_PATH,
        properties: {},
        visitorId: visitor,
        sessionId: `${visitor}-session`,
        device: isBot ? "bot" : "desktop",
        browser: "Chrome",
        isBot,
        botConfidence: isBot ? 0.9 : 0,
      });
      await database.db
        .insert(analyticsEvents)
        .values([view("e2e-a"), view("e2e-a"), view("e2e-b"), view("e2e-bot", true)]);
    }
    let phone = 6175550300;
    // Every test partner has the same password: hashed once (scrypt is slow on purpose).
    const passwordHash = await hashPassword(e2ePartner("approved", "desktop").password);
    for (const project of PARTNER_PROJECTS) {
      for (const key of PARTNER_KEYS) {
        const partner = e2ePartner(key, project);
        await database.transaction((tx) =>
          insertAffiliate(tx.db, {
            ...partner,
            status: key === "pending" ? "pending" : "approved",
            phone: `+1${phone++}`,
            passwordHash,
          }),
        );
      }
    }
  } finally {
    await database.close();
  }
}
