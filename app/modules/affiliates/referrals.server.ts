import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { affiliates, referralClicks } from "~/db/schema";

/** The active affiliate whose code this is, if any. */
export async function findActiveAffiliateByCode(
  db: Database,
  code: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.code, code), eq(affiliates.status, "active")));
  return row;
}

/** Counts a visit that arrived through a referral link (the code need not match anyone). */
export async function recordReferralClick(
  db: Database,
  code: string,
  landingPath: string,
): Promise<void> {
  const affiliate = await findActiveAffiliateByCode(db, code);
  await db
    .insert(referralClicks)
    .values({ code, affiliateId: affiliate?.id ?? null, landingPath: landingPath.slice(0, 300) });
}
