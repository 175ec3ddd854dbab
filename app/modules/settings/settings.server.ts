import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { companySettings, type CompanySettings } from "~/db/schema";

/**
 * Every page shows the company profile, so it is kept in memory briefly. It is dropped
 * after a change through this module on this instance, and on every instance when any of
 * them records a change public pages may show (modules/platform/content-copies.server.ts),
 * so a page rendered after that is never made from the old profile.
 */
const CACHE_MS = 5_000;
interface Copy {
  value: CompanySettings | undefined;
  expires: number;
  /** Counts the drops: a read under way when the copy was dropped is not kept. */
  generation: number;
}
const cache = new WeakMap<Database, Copy>();

/** The company profile shown across the public site. */
export async function getCompanySettings(db: Database): Promise<CompanySettings> {
  let copy = cache.get(db);
  if (!copy) cache.set(db, (copy = { value: undefined, expires: 0, generation: 0 }));
  if (copy.value && copy.expires > Date.now()) return copy.value;
  const generation = copy.generation;
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) throw new Error("The company profile is missing from the database");
  if (copy.generation === generation) {
    copy.value = row;
    copy.expires = Date.now() + CACHE_MS;
  }
  return row;
}

/** Drops the cached profile; call after changing it. */
export function forgetCompanySettings(db: Database): void {
  const copy = cache.get(db);
  if (!copy) return;
  copy.value = undefined;
  copy.generation += 1;
}
