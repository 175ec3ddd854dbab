import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affiliates, affiliateSessions } from "~/db/schema";
import { cookieHeaders, staffTestWorldForFile } from "~/modules/staff/test-support.server";
import {
  createTestAffiliate,
  runAffiliateGuard,
  setAffiliateStatus,
  signInAffiliate,
} from "./test-support.server";

/**
 * The portal's guard on its own (docs/REQUIREMENTS.md R2.14, R3.12, R4.9, R6.4, R8.3):
 * what it answers for each kind of session, the profile it loads, and the session it renews.
 */

const world = staffTestWorldForFile();
/** Runs the guard for a request with these cookies; answers what it threw or returned. */
const guard = (path: string, cookie = "") => runAffiliateGuard(world, path, cookie);

async function sessionCookie(email: string, password: string) {
  const outcome = await signInAffiliate(world.deps, email, password);
  if (outcome.kind !== "signed_in") throw new Error(outcome.kind);
  return cookieHeaders(outcome.setCookies).get("cookie")!;
}

describe("the portal guard", () => {
  it("sends a visitor without a session to sign in, remembering the page", async () => {
    const { thrown } = await guard("/affiliate/leads?status=won");
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(
      `/affiliate/login?returnTo=${encodeURIComponent("/affiliate/leads?status=won")}`,
    );
  });

  it("lets an approved partner in with their profile, and sets last_login", async () => {
    const partner = await createTestAffiliate(world.deps);
    const { response, affiliate } = await guard(
      "/affiliate/dashboard",
      await sessionCookie(partner.email, partner.password),
    );
    expect(await response!.text()).toBe("the page");
    expect(affiliate).toMatchObject({
      id: partner.id,
      email: partner.email,
      assuranceLevel: "aal1",
    });
    const [row] = await world.database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.id, partner.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("answers 'Failed to load affiliate profile' for a session without an affiliate record", async () => {
    const partner = await createTestAffiliate(world.deps);
    const cookie = await sessionCookie(partner.email, partner.password);
    await world.database.db.delete(affiliates).where(eq(affiliates.id, partner.id));
    const { thrown } = await guard("/affiliate/dashboard", cookie);
    // React Router's data(): the layout's error boundary shows it with this status.
    expect(thrown).toMatchObject({
      init: { status: 403 },
      data: { reason: "profile", message: "Failed to load affiliate profile" },
    });
  });

  it("tells a partner disabled since they signed in why, and ends their sessions", async () => {
    const partner = await createTestAffiliate(world.deps);
    const cookie = await sessionCookie(partner.email, partner.password);
    await setAffiliateStatus(world.deps, partner.id, "disabled");
    const { thrown } = await guard("/affiliate/dashboard", cookie);
    expect(thrown).toMatchObject({
      init: { status: 403 },
      data: { reason: "not_admitted", message: expect.stringContaining("disabled") },
    });
    expect(
      await world.database.db
        .select()
        .from(affiliateSessions)
        .where(eq(affiliateSessions.userId, partner.id)),
    ).toEqual([]);
  });

  it("with an authenticator on, a session that never verified a code is ended (aal2 needed)", async () => {
    const partner = await createTestAffiliate(world.deps);
    const cookie = await sessionCookie(partner.email, partner.password);
    const { affiliateUsers } = await import("~/db/schema");
    await world.database.db
      .update(affiliateUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(affiliateUsers.id, partner.id));
    const { thrown } = await guard("/affiliate/profile", cookie);
    expect((thrown as Response).headers.get("location")).toMatch(/^\/affiliate\/login\?returnTo=/);
    // An aal2 session passes.
    const second = await createTestAffiliate(world.deps);
    const aal2 = await sessionCookie(second.email, second.password);
    await world.database.db
      .update(affiliateUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(affiliateUsers.id, second.id));
    await world.database.db
      .update(affiliateSessions)
      .set({ assuranceLevel: "aal2" })
      .where(eq(affiliateSessions.userId, second.id));
    expect((await guard("/affiliate/profile", aal2)).affiliate).toMatchObject({
      assuranceLevel: "aal2",
    });
  });

  it("renews a session used a day after its last renewal (sessions slide)", async () => {
    const partner = await createTestAffiliate(world.deps);
    const cookie = await sessionCookie(partner.email, partner.password);
    const day = 24 * 60 * 60 * 1000;
    // As if signed in six days ago: one day of its week left.
    await world.database.db
      .update(affiliateSessions)
      .set({ expiresAt: new Date(Date.now() + day), updatedAt: new Date(Date.now() - 6 * day) })
      .where(eq(affiliateSessions.userId, partner.id));
    const { response } = await guard("/affiliate/dashboard", cookie);
    expect(response!.headers.getSetCookie().some((set) => set.includes("session_token"))).toBe(
      true,
    );
    const [session] = await world.database.db
      .select()
      .from(affiliateSessions)
      .where(eq(affiliateSessions.userId, partner.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * day);
  });
});
