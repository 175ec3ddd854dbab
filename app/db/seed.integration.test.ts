import { describe, expect, it } from "vitest";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { DEMO_COMPANY, ensureCompanySettings, seedDemoContent } from "./seed";
import { testDatabaseForFile } from "./test-database.server";

const database = testDatabaseForFile();

/** The stored claims, read past the profile's cache. */
async function claims() {
  const { rows } = await database.executeSql(
    "select rating_value::text, rating_count, projects_count from company_settings",
  );
  return rows[0];
}

describe("company profile seed", () => {
  it("inserts the demo company once", async () => {
    expect(await ensureCompanySettings(database.db)).toBe(true);
    expect(await ensureCompanySettings(database.db)).toBe(false);
    // Without the demo content, a new company makes no rating or projects claim.
    expect(await claims()).toEqual({
      rating_value: null,
      rating_count: null,
      projects_count: null,
    });
    await seedDemoContent(database.db);
    const settings = await getCompanySettings(database.db);
    expect(settings).toMatchObject(DEMO_COMPANY);
  });

  it("holds the company's claims", async () => {
    const settings = await getCompanySettings(database.db);
    expect(settings.ratingValue).toBe(4.9);
    expect(settings.ratingCount).toBe(1250);
    expect(settings.projectsCount).toBe(32000);
    expect(settings.foundedYear).toBe(1997);
    expect(settings.priceRange).toBe("$$");
    expect(settings.serviceRadiusMeters).toBe(300000);
  });

  it("leaves claims staff have set when the demo content is added again", async () => {
    await database.executeSql(
      "update company_settings set rating_value = 4.2, rating_count = 17, projects_count = 40",
    );
    await seedDemoContent(database.db);
    expect(await claims()).toEqual({ rating_value: "4.2", rating_count: 17, projects_count: 40 });
  });

  it("keeps a single profile row", async () => {
    await expect(
      database.executeSql("insert into company_settings (id) values (2)"),
    ).rejects.toThrow();
  });
});
