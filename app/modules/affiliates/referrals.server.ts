import type { Database } from "~/db/client.server";
import { referralClicks } from "~/db/schema";
import { normalizePhone } from "~/modules/leads/phone";
import { findAffiliateByCode } from "./affiliate-records.server";
import { creditsReferrals } from "./affiliate-rules";

/**
 * Who a referral code credits (docs/REQUIREMENTS.md R4.1 and the programme's rule): only an
 * approved affiliate, by any code they have had; a code of an unknown, pending, rejected
 * or disabled affiliate is kept where it arrived but credits nobody.
 */
export async function findCreditedAffiliate(
  db: Database,
  code: string,
): Promise<{ id: string; email: string; phone: string | null } | undefined> {
  const affiliate = await findAffiliateByCode(db, code);
  return affiliate && creditsReferrals(affiliate.status) ? affiliate : undefined;
}

/**
 * A lead sent by the affiliate themselves: its e-mail or phone is the affiliate's own.
 * The lead keeps its credit but is flagged for the admin (and never earns).
 */
export function isSelfReferral(
  affiliate: { email: string; phone: string | null },
  lead: { email: string; phone: string },
): boolean {
  if (affiliate.email.trim().toLowerCase() === lead.email.trim().toLowerCase()) return true;
  const own = affiliate.phone ? normalizePhone(affiliate.phone).e164 : undefined;
  return own !== undefined && own === normalizePhone(lead.phone).e164;
}

/** Counts a visit that arrived through a referral link (the code need not match anyone). */
export async function recordReferralClick(
  db: Database,
  code: string,
  landingPath: string,
): Promise<void> {
  const affiliate = await findCreditedAffiliate(db, code);
  await db
    .insert(referralClicks)
    .values({ code, affiliateId: affiliate?.id ?? null, landingPath: landingPath.slice(0, 300) });
}
