import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  affiliateEvents,
  affiliates,
  affiliateSessions,
  affiliateVerifications,
  mailMessages,
} from "~/db/schema";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { expectMailCarries } from "~/modules/mail/test-support.server";
import {
  cookieHeaders,
  staffTestWorldForFile,
  TEST_PUBLIC_URL,
  totpCode,
} from "~/modules/staff/test-support.server";
import {
  applyAsAffiliate,
  confirmAffiliateTotp,
  pendingAffiliateTotp,
  removeAffiliateTotp,
  requestAffiliatePasswordReset,
  resetAffiliatePassword,
  resetTokenIsValid,
  startAffiliateTotp,
} from "./affiliate-accounts.server";
import { readAffiliateSession } from "./affiliate-guard.server";
import {
  attemptAffiliateLogin,
  completeAffiliateTwoFactor,
  endAffiliateSessions,
  signOutAffiliate,
} from "./affiliate-sign-in.server";
import { createTestAffiliate, setAffiliateStatus, signInAffiliate } from "./test-support.server";

/**
 * The affiliate's way in (docs/REQUIREMENTS.md R4.9, R5.10, R5.11, R6.4, R7.6, R8.3, R9.3):
 * application, sign-in and its limits, password links, the authenticator step and the
 * sign-out scopes, on the real database and Better Auth.
 */

const world = staffTestWorldForFile();
const deps = () => world.deps;
const SECRET = "form-token-secret-for-affiliate-tests";
const MINUTE = 60_000;
const TOMORROW = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
const at = (hours: number, ms = 0) => new Date(TOMORROW + hours * 3_600_000 + ms);

const eventsOf = (affiliateId: string, eventType: string) =>
  world.database.db
    .select()
    .from(affiliateEvents)
    .where(
      and(eq(affiliateEvents.affiliateId, affiliateId), eq(affiliateEvents.eventType, eventType)),
    );

const liveSessions = (affiliateId: string) =>
  world.database.db
    .select()
    .from(affiliateSessions)
    .where(eq(affiliateSessions.userId, affiliateId));

const mailsTo = (email: string) =>
  world.database.db
    .select()
    .from(mailMessages)
    .then((rows) => rows.filter((row) => row.to.includes(email)));

async function signedInHeaders(email: string, password: string) {
  const outcome = await signInAffiliate(deps(), email, password);
  if (outcome.kind !== "signed_in") throw new Error(`not signed in: ${outcome.kind}`);
  return cookieHeaders(outcome.setCookies);
}

describe("the application (R1.6)", () => {
  const application = (overrides: Partial<Parameters<typeof applyAsAffiliate>[1]> = {}) => ({
    name: "Dana Realtor",
    email: `dana${Date.now()}@example.com`,
    phone: "+16175550100",
    company: "Harbor Homes",
    howTheyKnow: "I sell homes on the South Shore.",
    password: "a long enough password",
    website: "",
    formToken: issueFormToken(SECRET, Date.now() - 10_000),
    ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
    ...overrides,
  });

  it("makes a pending affiliate with a code from the name, and mails the applicant", async () => {
    const input = application();
    expect(await applyAsAffiliate({ ...deps(), secret: SECRET }, input)).toEqual({ ok: true });
    const [row] = await world.database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.email, input.email));
    expect(row).toMatchObject({ status: "pending", name: "Dana Realtor", phone: "+16175550100" });
    expect(row!.code).toMatch(/^dana-realtor-[a-z0-9]{4}$/);
    expect((await mailsTo(input.email)).map((mail) => mail.kind)).toEqual([
      "affiliate.application_received",
    ]);
    // Pending: the password is right, but the portal is not open yet.
    const outcome = await signInAffiliate(deps(), input.email, input.password);
    expect(outcome).toMatchObject({ kind: "not_admitted", status: "pending" });
    expect(await liveSessions(row!.id)).toEqual([]);
  });

  it("answers the same for an e-mail that already has an account, and tells its owner", async () => {
    const existing = await createTestAffiliate(deps(), "approved");
    const outcome = await applyAsAffiliate(
      { ...deps(), secret: SECRET },
      application({ email: existing.email, name: "Someone Else" }),
    );
    expect(outcome).toEqual({ ok: true });
    const rows = await world.database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.email, existing.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(existing.name);
    expect((await mailsTo(existing.email)).map((mail) => mail.kind)).toContain(
      "affiliate.application_duplicate",
    );
  });

  it("takes a chosen code, refuses one already given (any case), and ignores bots", async () => {
    const first = application({ code: "SouthShore-Homes" });
    expect(await applyAsAffiliate({ ...deps(), secret: SECRET }, first)).toEqual({ ok: true });
    const second = await applyAsAffiliate(
      { ...deps(), secret: SECRET },
      application({ email: `other${Date.now()}@example.com`, code: "southshore-homes" }),
    );
    expect(second).toMatchObject({ ok: false, errors: { code: expect.stringContaining("taken") } });

    const bot = application({ website: "http://spam.example" });
    expect(await applyAsAffiliate({ ...deps(), secret: SECRET }, bot)).toEqual({ ok: true });
    const tooFast = application({ formToken: issueFormToken(SECRET, Date.now()) });
    expect(await applyAsAffiliate({ ...deps(), secret: SECRET }, tooFast)).toEqual({ ok: true });
    for (const ignored of [bot, tooFast]) {
      expect(
        await world.database.db
          .select()
          .from(affiliates)
          .where(eq(affiliates.email, ignored.email)),
      ).toEqual([]);
    }
  });

  it("limits one address to 5 applications in 10 minutes", async () => {
    const ip = "198.51.100.250";
    // A fixed moment in the middle of a window: the count cannot straddle two windows.
    const now = at(6, 2 * MINUTE);
    const apply = (n: number) =>
      applyAsAffiliate(
        { ...deps(), secret: SECRET },
        application({
          ip,
          email: `limit${n}${Date.now()}@example.com`,
          formToken: issueFormToken(SECRET, now.getTime() - 10_000),
        }),
        now,
      );
    for (let n = 0; n < 5; n++) expect(await apply(n)).toEqual({ ok: true });
    expect(await apply(5)).toMatchObject({
      ok: false,
      errors: {
        form: expect.stringMatching(
          /^Too many attempts\. Please wait \d+ minutes? before trying again\.$/,
        ),
      },
    });
  });
});

describe("sign-in (R5.11, R7.6, R8.3, R9.3)", () => {
  it("an approved affiliate gets a session; login_success is recorded", async () => {
    const partner = await createTestAffiliate(deps());
    const outcome = await signInAffiliate(deps(), partner.email, partner.password);
    expect(outcome.kind).toBe("signed_in");
    const headers = cookieHeaders((outcome as { setCookies: string[] }).setCookies);
    const { found } = await readAffiliateSession(deps(), headers);
    expect(found?.user.id).toBe(partner.id);
    const [success] = await eventsOf(partner.id, "login_success");
    expect(success!.details).toEqual({ email: partner.email, method: "password" });
    // The cookie is for the portal only, HttpOnly.
    const cookie = (outcome as { setCookies: string[] }).setCookies.find((c) =>
      c.includes("session_token"),
    );
    expect(cookie).toMatch(/Path=\/affiliate/);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it("a wrong password: 'Failed to sign in', login_failed with the error name", async () => {
    const partner = await createTestAffiliate(deps());
    const outcome = await signInAffiliate(deps(), partner.email, "not the password at all", at(1));
    expect(outcome).toMatchObject({ kind: "refused", message: "Failed to sign in" });
    const [failed] = await eventsOf(partner.id, "login_failed");
    expect(failed!.details).toMatchObject({ email: partner.email, method: "password" });
    expect(String(failed!.details.error_code)).toMatch(/^[A-Z_]+$/);
  });

  it("suspicious at 3 failures, locked at 5 for 15 minutes, the owner mailed, then in again", async () => {
    const partner = await createTestAffiliate(deps());
    const t0 = at(2);
    const attempt = (password: string, ms: number) =>
      signInAffiliate(deps(), partner.email, password, at(2, ms));
    expect(await attempt("wrong password one", 0)).toMatchObject({ message: "Failed to sign in" });
    expect(await attempt("wrong password two", 10_000)).toMatchObject({
      message: "Failed to sign in",
    });
    expect(await attempt("wrong password three", 20_000)).toMatchObject({
      message: "Suspicious activity detected. Please contact support if you are a legitimate user.",
    });
    await attempt("wrong password four", 30_000);
    expect(await attempt("wrong password five", 40_000)).toMatchObject({
      message: "Account temporarily locked. Try again in 15 minutes.",
      status: 423,
    });
    expect(await attempt(partner.password, 3 * MINUTE)).toMatchObject({
      message: "Account temporarily locked. Try again in 13 minutes.",
    });
    expect((await mailsTo(partner.email)).map((mail) => mail.kind)).toContain(
      "affiliate.account_locked",
    );
    expect(
      (
        await signInAffiliate(
          deps(),
          partner.email,
          partner.password,
          new Date(t0.getTime() + 16 * MINUTE),
        )
      ).kind,
    ).toBe("signed_in");
  });

  it("the same e-mail's staff lockout and affiliate lockout are apart", async () => {
    const partner = await createTestAffiliate(deps());
    for (let n = 0; n < 5; n++)
      await signInAffiliate(deps(), partner.email, `wrong ${n} password`, at(3, n * 1000));
    // Locked in the portal...
    expect(
      await signInAffiliate(deps(), partner.email, partner.password, at(3, 10_000)),
    ).toMatchObject({
      status: 423,
    });
    // ...while the staff realm has no lock for that address.
    const { lockedFor } = await import("~/modules/staff/login-limits.server");
    expect(await lockedFor(world.database.db, "staff", partner.email, at(3, 10_000))).toBe(0);
  });

  it("10 attempts from one address in 5 minutes are too many, across accounts", async () => {
    const ip = "203.0.113.77";
    const partner = await createTestAffiliate(deps());
    for (let n = 0; n < 10; n++) {
      await attemptAffiliateLogin(
        deps(),
        {
          email: `nobody${n}@example.com`,
          password: "whatever it is",
          honeypot: "",
          ip,
          userAgent: "t",
        },
        at(4, n * 1000),
      );
    }
    const refused = await attemptAffiliateLogin(
      deps(),
      { email: partner.email, password: partner.password, honeypot: "", ip, userAgent: "t" },
      at(4, 20_000),
    );
    expect(refused).toMatchObject({
      kind: "refused",
      status: 429,
      message: expect.stringMatching(
        /^Too many attempts\. Please wait 5 minutes before trying again\.$/,
      ),
    });
  });

  it("the honeypot: 'Security validation failed. Please try again.'", async () => {
    const partner = await createTestAffiliate(deps());
    const outcome = await attemptAffiliateLogin(deps(), {
      email: partner.email,
      password: partner.password,
      honeypot: "filled",
      ip: undefined,
      userAgent: "t",
    });
    expect(outcome).toMatchObject({ message: "Security validation failed. Please try again." });
  });

  it("an account without an affiliate record: 'Authentication failed - no session created'", async () => {
    const partner = await createTestAffiliate(deps());
    await world.database.db.delete(affiliates).where(eq(affiliates.id, partner.id));
    const outcome = await signInAffiliate(deps(), partner.email, partner.password);
    expect(outcome).toMatchObject({
      kind: "refused",
      message: "Authentication failed - no session created",
    });
    expect(await liveSessions(partner.id)).toEqual([]);
  });

  it("rejected and disabled affiliates are told so and get no session", async () => {
    for (const status of ["rejected", "disabled"] as const) {
      const partner = await createTestAffiliate(deps(), status);
      const outcome = await signInAffiliate(deps(), partner.email, partner.password);
      expect(outcome).toMatchObject({ kind: "not_admitted", status });
      expect(await liveSessions(partner.id)).toEqual([]);
    }
  });

  it("a disabled affiliate's sessions end at once", async () => {
    const partner = await createTestAffiliate(deps());
    const one = await signedInHeaders(partner.email, partner.password);
    await signedInHeaders(partner.email, partner.password);
    expect(await liveSessions(partner.id)).toHaveLength(2);
    await setAffiliateStatus(deps(), partner.id, "disabled");
    expect(await endAffiliateSessions(deps(), partner.id)).toBe(2);
    expect((await readAffiliateSession(deps(), one)).found).toBeNull();
  });
});

describe("password links (R5.10, R8.3)", () => {
  /** How a reset link's token is stored (app/modules/affiliates/affiliate-accounts.server.ts). */
  const RESET_TOKEN_PREFIX = "reset-password:";

  /**
   * The newest reset link mailed to an affiliate. Its token is read from the stored token,
   * since the mail worker masks it in the mail log once the message is done with.
   */
  const linkOf = async (partner: { id: string; email: string }) => {
    const [newest] = await world.database.db
      .select({ identifier: affiliateVerifications.identifier })
      .from(affiliateVerifications)
      .where(
        and(
          eq(affiliateVerifications.value, partner.id),
          like(affiliateVerifications.identifier, `${RESET_TOKEN_PREFIX}%`),
        ),
      )
      .orderBy(desc(affiliateVerifications.createdAt))
      .limit(1);
    const token = newest!.identifier.slice(RESET_TOKEN_PREFIX.length);
    const link = new URL(`/affiliate/reset-password?token=${token}`, TEST_PUBLIC_URL);
    const mails = (await mailsTo(partner.email)).filter(
      (mail) => mail.kind === "affiliate.password_reset",
    );
    expectMailCarries(mails.at(-1)?.text ?? "", link.href);
    return link;
  };

  it("a reset link to /affiliate/reset-password works once; sessions end", async () => {
    const partner = await createTestAffiliate(deps());
    const before = await signedInHeaders(partner.email, partner.password);
    expect(
      await requestAffiliatePasswordReset(deps(), { email: partner.email, ip: undefined }),
    ).toEqual({ ok: true });
    const link = await linkOf(partner);
    expect(link.pathname).toBe("/affiliate/reset-password");
    const token = link.searchParams.get("token")!;
    expect(await resetTokenIsValid(deps(), token)).toBe(true);

    const newPassword = "a brand new password for me";
    expect(await resetAffiliatePassword(deps(), { token, password: newPassword })).toEqual({
      ok: true,
    });
    expect((await readAffiliateSession(deps(), before)).found).toBeNull();
    expect((await signInAffiliate(deps(), partner.email, newPassword)).kind).toBe("signed_in");

    // Used: the second time is refused with R8.3's words.
    expect(await resetTokenIsValid(deps(), token)).toBe(false);
    expect(
      await resetAffiliatePassword(deps(), { token, password: "yet another password here" }),
    ).toEqual({
      ok: false,
      errors: { form: "Failed to update password" },
    });
  });

  it("an expired link is refused", async () => {
    const partner = await createTestAffiliate(deps());
    await requestAffiliatePasswordReset(deps(), { email: partner.email, ip: undefined });
    const token = (await linkOf(partner)).searchParams.get("token")!;
    await world.database.db
      .update(affiliateVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(affiliateVerifications.identifier, `${RESET_TOKEN_PREFIX}${token}`));
    expect(await resetTokenIsValid(deps(), token)).toBe(false);
    expect(
      await resetAffiliatePassword(deps(), { token, password: "a brand new password for me" }),
    ).toEqual({
      ok: false,
      errors: { form: "Failed to update password" },
    });
  });

  it("an unknown e-mail gets the same answer and no mail", async () => {
    const email = `unknown${Date.now()}@example.com`;
    expect(await requestAffiliatePasswordReset(deps(), { email, ip: undefined })).toEqual({
      ok: true,
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  it("too many requests from one address: 'Failed to send reset email'", async () => {
    const ip = "198.51.100.251";
    // A fixed moment in the middle of a window: the count cannot straddle two windows.
    const now = at(7, 2 * MINUTE);
    for (let n = 0; n < 5; n++) {
      await requestAffiliatePasswordReset(deps(), { email: `x${n}@example.com`, ip }, now);
    }
    expect(
      await requestAffiliatePasswordReset(deps(), { email: "y@example.com", ip }, now),
    ).toEqual({
      ok: false,
      errors: { form: "Failed to send reset email" },
    });
  });
});

describe("the authenticator: aal1 to aal2 (R6.4)", () => {
  it("enrols, then signs in at aal1 and reaches aal2 only with a code; removal needs a code", async () => {
    const partner = await createTestAffiliate(deps());
    const headers = await signedInHeaders(partner.email, partner.password);
    const other = await signedInHeaders(partner.email, partner.password);
    expect(await startAffiliateTotp(deps(), partner.id, headers, partner.password)).toEqual({
      ok: true,
    });
    const pending = await pendingAffiliateTotp(deps(), partner);
    expect(pending?.uri).toMatch(/^otpauth:\/\/totp\//);

    expect(await confirmAffiliateTotp(deps(), partner.id, headers, "000000")).toMatchObject({
      ok: false,
    });
    const confirmed = await confirmAffiliateTotp(
      deps(),
      partner.id,
      headers,
      totpCode(pending!.uri),
    );
    expect(confirmed.ok).toBe(true);
    const enrolled = cookieHeaders((confirmed as { setCookies: string[] }).setCookies);
    const sessions = await liveSessions(partner.id);
    // The session that verified the code is aal2; the other device's session ended.
    expect(sessions.map((session) => session.assuranceLevel)).toEqual(["aal2"]);
    expect((await readAffiliateSession(deps(), other)).found).toBeNull();

    // Signing in again: the password alone is aal1, with no session yet.
    const step = await signInAffiliate(deps(), partner.email, partner.password);
    expect(step.kind).toBe("two_factor");
    const pendingCookies = cookieHeaders((step as { setCookies: string[] }).setCookies).get(
      "cookie",
    )!;
    expect(
      await completeAffiliateTwoFactor(deps(), {
        code: "123456",
        ip: undefined,
        userAgent: "t",
        cookieHeader: pendingCookies,
      }),
    ).toBeUndefined();
    const done = await completeAffiliateTwoFactor(deps(), {
      code: totpCode(pending!.uri),
      ip: undefined,
      userAgent: "t",
      cookieHeader: pendingCookies,
    });
    expect(done?.affiliateId).toBe(partner.id);
    expect((await liveSessions(partner.id)).map((session) => session.assuranceLevel)).toEqual([
      "aal2",
      "aal2",
    ]);

    // Removing it asks for a fresh code.
    expect(await removeAffiliateTotp(deps(), partner.id, enrolled, "000000")).toMatchObject({
      ok: false,
    });
    expect(await removeAffiliateTotp(deps(), partner.id, enrolled, totpCode(pending!.uri))).toEqual(
      { ok: true },
    );
    expect((await signInAffiliate(deps(), partner.email, partner.password)).kind).toBe("signed_in");
  });
});

describe("sign-out scopes (R4.9)", () => {
  it("others ends the other devices and keeps this one; global ends all; local this one", async () => {
    const partner = await createTestAffiliate(deps());
    const me = { id: partner.id, email: partner.email };
    const here = await signedInHeaders(partner.email, partner.password);
    const phone = await signedInHeaders(partner.email, partner.password);
    const laptop = await signedInHeaders(partner.email, partner.password);

    await signOutAffiliate(deps(), me, "others", here);
    expect((await readAffiliateSession(deps(), here)).found?.user.id).toBe(partner.id);
    expect((await readAffiliateSession(deps(), phone)).found).toBeNull();
    expect((await readAffiliateSession(deps(), laptop)).found).toBeNull();

    const again = await signedInHeaders(partner.email, partner.password);
    const cleared = await signOutAffiliate(deps(), me, "local", again);
    expect(cleared.some((cookie) => /session_token=;/.test(cookie))).toBe(true);
    expect((await readAffiliateSession(deps(), again)).found).toBeNull();
    expect((await readAffiliateSession(deps(), here)).found).not.toBeNull();

    const second = await signedInHeaders(partner.email, partner.password);
    await signOutAffiliate(deps(), me, "global", here);
    expect(await liveSessions(partner.id)).toEqual([]);
    expect((await readAffiliateSession(deps(), second)).found).toBeNull();
    expect((await eventsOf(partner.id, "logout")).map((event) => event.details.scope)).toEqual([
      "others",
      "local",
      "global",
    ]);
  });
});
