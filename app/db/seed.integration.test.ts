import { describe, expect, it } from "vitest";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { DEMO_COMPANY, ensureCompanySettings, seedDemoContent } from "./seed";
import { testDatabaseForFile } from "./test-database.server";

const database = testDatabaseForFile();

describe("company profile seed", () => {
  it("inserts the demo company once", async () => {
    expect(await ensureCompanySettings(database.db)).toBe(true);
    expect(await ensureCompanySettings(database.db)).toBe(false);
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

  it("keeps a single profile row", async () => {
    await expect(
      database.executeSql("insert into company_settings (id) values (2)"),
    ).rejects.toThrow();
  });
});
