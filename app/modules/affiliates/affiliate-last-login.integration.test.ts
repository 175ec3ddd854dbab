import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affiliates } from "~/db/schema";
import {
  cookieHeaders,
  staffTestWorldForFile,
  totpCode,
} from "~/modules/staff/test-support.server";
import {
  confirmAffiliateTotp,
  pendingAffiliateTotp,
  startAffiliateTotp,
} from "./affiliate-accounts.server";
import { completeAffiliateTwoFactor } from "./affiliate-sign-in.server";
import { createTestAffiliate, runAffiliateGuard, signInAffiliate } from "./test-support.server";

/**
 * An affiliate's last_login (docs/REQUIREMENTS.md R3.12, R13.1): each completed sign-in
 * sets it, by password or with the authenticator's code, however recently a portal page
 * wrote it; the portal's page loads write it at most every 10 minutes.
 */

const world = staffTestWorldForFile();
const deps = () => world.deps;
const MINUTE = 60_000;

const lastLoginOf = async (affiliateId: string) => {
  const [row] = await world.database.db
    .select({ lastLoginAt: affiliates.lastLoginAt })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId));
  return row?.lastLoginAt ?? null;
};

const setLastLogin = (affiliateId: string, at: Date) =>
  world.database.db
    .update(affiliates)
    .set({ lastLoginAt: at })
    .where(eq(affiliates.id, affiliateId));

/** Runs the portal guard for a page with this session cookie; fails unless it lets them in. */
async function loadPortalPage(cookie: string) {
  const { response } = await runAffiliateGuard(world, "/affiliate/dashboard", cookie);
  expect(await response?.text()).toBe("the page");
}

describe("last_login (R3.12)", () => {
  it("is set at each password sign-in, however recently a page load wrote it", async () => {
    const partner = await createTestAffiliate(deps());
    expect(await lastLoginOf(partner.id)).toBeNull();

    const signedInAt = new Date(Date.now() - 5 * MINUTE);
    const first = await signInAffiliate(deps(), partner.email, partner.password, signedInAt);
    if (first.kind !== "signed_in") throw new Error(first.kind);
    expect(await lastLoginOf(partner.id)).toEqual(signedInAt);

    // A page load within 10 minutes of that leaves it alone...
    await loadPortalPage(cookieHeaders(first.setCookies).get("cookie")!);
    expect(await lastLoginOf(partner.id)).toEqual(signedInAt);

    // ...but signing in again, a few minutes later, writes it.
    const againAt = new Date(signedInAt.getTime() + 3 * MINUTE);
    const again = await signInAffiliate(deps(), partner.email, partner.password, againAt);
    expect(again.kind).toBe("signed_in");
    expect(await lastLoginOf(partner.id)).toEqual(againAt);

    // A page load 10 minutes or more after the last write still brings it up to date.
    await setLastLogin(partner.id, new Date(Date.now() - 11 * MINUTE));
    const before = Date.now();
    await loadPortalPage(cookieHeaders(first.setCookies).get("cookie")!);
    expect((await lastLoginOf(partner.id))!.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("is not set by a refused password, and with an authenticator only once the code holds", async () => {
    const partner = await createTestAffiliate(deps());
    const first = await signInAffiliate(deps(), partner.email, partner.password);
    if (first.kind !== "signed_in") throw new Error(first.kind);
    const headers = cookieHeaders(first.setCookies);
    expect(await startAffiliateTotp(deps(), partner.id, headers, partner.password)).toEqual({
      ok: true,
    });
    const pending = await pendingAffiliateTotp(deps(), partner);
    const confirmed = await confirmAffiliateTotp(
      deps(),
      partner.id,
      headers,
      totpCode(pending!.uri),
    );
    expect(confirmed.ok).toBe(true);

    const earlier = new Date(Date.now() - 2 * MINUTE);
    await setLastLogin(partner.id, earlier);
    const wrong = await signInAffiliate(deps(), partner.email, "not the password at all");
    expect(wrong.kind).toBe("refused");
    expect(await lastLoginOf(partner.id)).toEqual(earlier);

    // The password alone is half way: nothing written yet.
    const step = await signInAffiliate(deps(), partner.email, partner.password);
    if (step.kind !== "two_factor") throw new Error(step.kind);
    expect(await lastLoginOf(partner.id)).toEqual(earlier);

    const completedAt = new Date(earlier.getTime() + MINUTE);
    const done = await completeAffiliateTwoFactor(
      deps(),
      {
        code: totpCode(pending!.uri),
        ip: undefined,
        userAgent: "vitest",
        cookieHeader: cookieHeaders(step.setCookies).get("cookie")!,
      },
      completedAt,
    );
    expect(done?.affiliateId).toBe(partner.id);
    expect(await lastLoginOf(partner.id)).toEqual(completedAt);
  });
});
