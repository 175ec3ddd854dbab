import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { companySettings, type CompanySettings } from "~/db/schema";

/**
 * Every page shows the company profile, so it is kept in memory briefly. A change made
 * through this module shows at once on this instance, and within this time on others.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Database, { value: CompanySettings; expires: number }>();

/** The company profile shown across the public site. */
export async function getCompanySettings(db: Database): Promise<CompanySettings> {
  const cached = cache.get(db);
  if (cached && cached.expires > Date.now()) return cached.value;
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) throw new Error("The company profile is missing from the database");
  cache.set(db, { value: row, expires: Date.now() + CACHE_MS });
  return row;
}

/** Drops the cached profile; call after changing it. */
export function forgetCompanySettings(db: Database): void {
  cache.delete(db);
}
