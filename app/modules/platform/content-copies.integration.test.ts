import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companySettings, redirects } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { redirectEngine, stopRedirects } from "~/modules/redirects/redirect-engine.server";
import { forgetCompanySettings, getCompanySettings } from "~/modules/settings/settings.server";
import { forgetContentCopies } from "./content-copies.server";

/**
 * What an instance does when another one records a change (the page cache's NOTIFY): its
 * copies of the profile and the redirect rules go, so the next page is made from the
 * database. The change is written straight to the table, as another instance would.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureCompanySettings(database.db);
});
afterAll(async () => {
  await stopRedirects(database.db);
  await database?.destroy();
});

const setPhone = (phone: string) =>
  database.db.update(companySettings).set({ phone }).where(eq(companySettings.id, 1));

describe("a change recorded by another instance", () => {
  it("drops this instance's copy of the company profile", async () => {
    await setPhone("(617) 555-0101");
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0101");
    await setPhone("(617) 555-0102");
    // The copy is kept for a few seconds...
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0101");
    // ...until told.
    forgetContentCopies(database.db);
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0102");
  });

  it("does not keep a profile read that was under way when told", async () => {
    forgetCompanySettings(database.db);
    await setPhone("(617) 555-0103");
    const underWay = getCompanySettings(database.db);
    forgetContentCopies(database.db);
    await underWay;
    await setPhone("(617) 555-0104");
    expect((await getCompanySettings(database.db)).phone).toBe("(617) 555-0104");
  });

  it("makes this instance read the redirect rules again", async () => {
    const engine = redirectEngine(database.db);
    expect(await engine.answer("/old-showroom", "")).toBeUndefined();
    await database.db.insert(redirects).values({ fromPath: "/old-showroom", toPath: "/about-us" });
    expect(await engine.answer("/old-showroom", "")).toBeUndefined();
    forgetContentCopies(database.db);
    expect(await engine.answer("/old-showroom", "")).toMatchObject({
      type: 301,
      location: "/about-us",
    });
  });
});
