// Affiliates (with their leads and clicks) for the affiliate screens' browser tests, written
// into DATA_DIR's embedded database before a server opens it. Run with tsx by
// seedAffiliates (support/affiliates.ts), which passes them as JSON in E2E_AFFILIATES.
import path from "node:path";
import { openDatabase } from "../../../app/db/client.server";
import { leads, referralClicks } from "../../../app/db/schema";
import { insertAffiliate } from "../../../app/modules/affiliates/affiliate-records.server";
import type { FixtureAffiliate } from "./affiliates";

if (process.argv[1]?.endsWith("affiliate-fixtures.ts")) {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is needed");
  const affiliates = JSON.parse(process.env.E2E_AFFILIATES ?? "[]") as FixtureAffiliate[];
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    for (const affiliate of affiliates) {
      const id = await database.transaction((tx) => insertAffiliate(tx.db, affiliate));
      if (!id) throw new Error(`The affiliate ${affiliate.email} was not inserted`);
      for (let i = 0; i < (affiliate.clicks ?? 0); i++) {
        await database.db
          .insert(referralClicks)
          .values({ code: affiliate.code, affiliateId: id, landingPath: "/bathrooms" });
      }
      for (const [index, status] of (affiliate.leads ?? []).entries()) {
        await database.db.insert(leads).values({
          firstName: "Referred",
          lastName: `Customer${index + 1}`,
          email: `referred.${index + 1}.${affiliate.email}`,
          phone: "+16175550142",
          service: "Bathroom Remodeling",
          source: "Referral",
          agreeToContact: true,
          agreeToAllPresent: true,
          tracking: { aff: affiliate.code },
          channel: "form",
          affiliateId: id,
          affiliateCode: affiliate.code,
          status,
        });
      }
    }
  } finally {
    await database.close();
  }
}
