import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  affiliateAccounts,
  affiliateCodes,
  affiliateEvents,
  affiliates,
  affiliateSessions,
  affiliateTwoFactors,
  affiliateUsers,
  auditEvents,
  leads,
  mailMessages,
  referralClicks,
  type LeadStatus,
} from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { expectMailCarries } from "~/modules/mail/test-support.server";
import { createMember, staffTestWorldForFile } from "~/modules/staff/test-support.server";
import {
  AFFILIATE_ADMIN_MESSAGES,
  affiliateDetail,
  changeAffiliateCode,
  changeAffiliateStatus,
  inviteAffiliate,
  listAffiliates,
  parseAffiliateFilter,
  resetAffiliateTwoFactor,
  sendAffiliatePasswordLink,
} from "./affiliate-admin.server";
import { AFFILIATE_FORM_MESSAGES } from "./affiliate-admin.schema";
import { getAffiliateAuth } from "./affiliate-auth.server";
import { insertAffiliate } from "./affiliate-records.server";
import type { AffiliateStatus } from "./affiliate-rules";
import { findCreditedAffiliate } from "./referrals.server";

const world = staffTestWorldForFile();
const db = () => world.database.db;
let actor: Actor;

beforeAll(async () => {
  const admin = await createMember(world.deps, "admin", "Avery Admin");
  actor = { id: admin.id, email: admin.email, ip: "203.0.113.9" };
});

let made = 0;
/** Unique enough for names, e-mails and codes within this file's database. */
const stamp = () => `${Date.now().toString(36)}${++made}`;

const PASSWORD = "a long enough affiliate password";

/** An affiliate, with a password when `withPassword` (so they can sign in). */
async function makeAffiliate(
  status: AffiliateStatus,
  options: { name?: string; company?: string; code?: string; withPassword?: boolean } = {},
) {
  const tag = stamp();
  const email = `partner.${tag}@example.com`;
  const code = options.code ?? `code-${tag}`;
  const passwordHash = options.withPassword
    ? await (await getAffiliateAuth(world.deps).$context).password.hash(PASSWORD)
    : undefined;
  const id = await world.database.transaction((tx) =>
    insertAffiliate(tx.db, {
      name: options.name ?? `Partner ${tag}`,
      email,
      code,
      status,
      company: options.company ?? null,
      passwordHash,
    }),
  );
  if (!id) throw new Error("affiliate not inserted");
  return { id, email, code, name: options.name ?? `Partner ${tag}` };
}

/** Signs the affiliate in through Better Auth: one more row in affiliate_sessions. */
async function openSession(email: string) {
  await getAffiliateAuth(world.deps).api.signInEmail({ body: { email, password: PASSWORD } });
}

const sessionCount = async (affiliateId: string) =>
  (await db().select().from(affiliateSessions).where(eq(affiliateSessions.userId, affiliateId)))
    .length;

const mailTo = async (email: string) =>
  (await db().select().from(mailMessages)).filter((row) => row.to.includes(email));

const auditFor = async (action: string, affiliateId: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.target, `affiliate:${affiliateId}`)));

const eventsOf = async (affiliateId: string, eventType: string) =>
  db()
    .select()
    .from(affiliateEvents)
    .where(
      and(eq(affiliateEvents.affiliateId, affiliateId), eq(affiliateEvents.eventType, eventType)),
    );

const statusOf = async (affiliateId: string) => {
  const [row] = await db().select().from(affiliates).where(eq(affiliates.id, affiliateId));
  return row!;
};

async function addLeads(affiliateId: string, code: string, statuses: LeadStatus[]) {
  for (const [index, status] of statuses.entries()) {
    await db()
      .insert(leads)
      .values({
        firstName: "Lead",
        lastName: `Number${index}`,
        email: `lead.${stamp()}@example.com`,
        phone: "+16175550142",
        service: "Bathroom Remodeling",
        source: "Referral",
        agreeToContact: true,
        agreeToAllPresent: true,
        tracking: {},
        channel: "form",
        affiliateId,
        affiliateCode: code,
        status,
        selfReferral: index === 0,
      });
  }
}

async function addClicks(affiliateId: string, code: string, howMany: number) {
  for (let i = 0; i < howMany; i++) {
    await db()
      .insert(referralClicks)
      .values({ code, affiliateId, landingPath: `/bathrooms?visit=${i}` });
  }
}

describe("the list", () => {
  it("counts each affiliate's clicks, leads and won leads, and their conversion", async () => {
    const company = `Stats Company ${stamp()}`;
    const busy = await makeAffiliate("approved", { name: "Busy Partner", company });
    const quiet = await makeAffiliate("approved", { name: "Quiet Partner", company });
    const waiting = await makeAffiliate("pending", { name: "Waiting Partner", company });
    await addClicks(busy.id, busy.code, 3);
    await addLeads(busy.id, busy.code, ["won", "new", "lost", "contacted"]);
    await addClicks(quiet.id, quiet.code, 1);

    const page = await listAffiliates(db(), { q: company, sort: "name" });
    expect(page.total).toBe(3);
    expect(page.affiliates.map((row) => [row.name, row.clicks, row.leads, row.won])).toEqual([
      ["Busy Partner", 3, 4, 1],
      ["Quiet Partner", 1, 0, 0],
      ["Waiting Partner", 0, 0, 0],
    ]);
    expect(page.affiliates[0]!.conversion).toBeCloseTo(0.25);
    // No leads: nothing to convert, rather than 0%.
    expect(page.affiliates[1]!.conversion).toBeNull();
    expect(page.pendingCount).toBeGreaterThanOrEqual(1);

    const pending = await listAffiliates(db(), { q: company, status: "pending" });
    expect(pending.affiliates.map((row) => row.id)).toEqual([waiting.id]);
    const byLeads = await listAffiliates(db(), { q: company, sort: "leads" });
    expect(byLeads.affiliates[0]!.id).toBe(busy.id);
    const byClicks = await listAffiliates(db(), { q: company, sort: "clicks" });
    expect(byClicks.affiliates.map((row) => row.id).slice(0, 2)).toEqual([busy.id, quiet.id]);
    const byConversion = await listAffiliates(db(), { q: company, sort: "conversion" });
    expect(byConversion.affiliates[0]!.id).toBe(busy.id);
  });

  it("searches name, e-mail, company and every code they had, and pages", async () => {
    const tag = stamp();
    const partner = await makeAffiliate("approved", {
      name: `Searchable ${tag}`,
      company: `Tile Works ${tag}`,
      code: `first-${tag}`,
    });
    expect(
      (
        await changeAffiliateCode(world.deps, actor, {
          affiliateId: partner.id,
          code: `second-${tag}`,
        })
      ).ok,
    ).toBe(true);
    for (const q of [
      `Searchable ${tag}`,
      partner.email.toUpperCase(),
      `Tile Works ${tag}`,
      `FIRST-${tag}`,
      `second-${tag}`,
    ]) {
      const found = await listAffiliates(db(), { q });
      expect(
        found.affiliates.map((row) => row.id),
        q,
      ).toEqual([partner.id]);
    }
    // The search's % and _ are taken literally.
    expect((await listAffiliates(db(), { q: `%${tag}` })).total).toBe(0);

    const company = `Paged Company ${tag}`;
    for (let i = 0; i < 3; i++) await makeAffiliate("approved", { company });
    const first = await listAffiliates(db(), { q: company }, 2);
    const second = await listAffiliates(db(), { q: company, page: 2 }, 2);
    expect([first.total, first.pageCount, first.affiliates.length]).toEqual([3, 2, 2]);
    expect(second.affiliates).toHaveLength(1);
    expect(second.affiliates[0]!.id).not.toBe(first.affiliates[0]!.id);
  });

  it("reads the filter from the URL, explaining a value it cannot use", () => {
    const parsed = parseAffiliateFilter(
      new URLSearchParams({ q: "  jane ", status: "sleeping", sort: "leads", page: "2" }),
    );
    expect(parsed.filter).toEqual({ q: "jane", sort: "leads", page: 2 });
    expect(parsed.errors).toEqual({ status: "Choose a status from the list" });
    expect(parsed.typed.status).toBe("sleeping");
  });
});

describe("status moves", () => {
  it("approves a pending application, mails the affiliate and audits the move", async () => {
    const applicant = await makeAffiliate("pending");
    const outcome = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: applicant.id,
      move: "approve",
    });
    expect(outcome).toEqual({ ok: true, changed: true, status: "approved" });
    const row = await statusOf(applicant.id);
    expect(row.status).toBe("approved");
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.statusReason).toBeNull();

    const [mail] = await mailTo(applicant.email);
    expect(mail?.subject).toBe("Your partner application is approved");
    expect(mail?.text).toContain("http://127.0.0.1:5190/affiliate/login");
    expect(mail?.text).toContain(applicant.code);

    const [audit] = await auditFor("affiliate.status", applicant.id);
    expect(audit).toMatchObject({
      actorId: actor.id,
      ipAddress: "203.0.113.9",
      details: { email: applicant.email, from: "pending", to: "approved", reason: null },
    });
    const [event] = await eventsOf(applicant.id, "status_changed");
    expect(event?.details).toMatchObject({ from: "pending", to: "approved" });
    expect(await findCreditedAffiliate(db(), applicant.code)).toMatchObject({ id: applicant.id });
  });

  it("rejects with a reason: the affiliate is mailed it and signed out at once", async () => {
    const applicant = await makeAffiliate("pending", { withPassword: true });
    await openSession(applicant.email);
    await openSession(applicant.email);
    expect(await sessionCount(applicant.id)).toBe(2);

    const withoutReason = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: applicant.id,
      move: "reject",
      reason: "   ",
    });
    expect(withoutReason).toEqual({
      ok: false,
      errors: { reason: AFFILIATE_FORM_MESSAGES.reason },
    });
    expect((await statusOf(applicant.id)).status).toBe("pending");

    const outcome = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: applicant.id,
      move: "reject",
      reason: "We only work with trade professionals.",
    });
    expect(outcome.ok).toBe(true);
    const row = await statusOf(applicant.id);
    expect(row).toMatchObject({
      status: "rejected",
      statusReason: "We only work with trade professionals.",
    });
    expect(await sessionCount(applicant.id)).toBe(0);
    const [mail] = await mailTo(applicant.email);
    expect(mail?.kind).toBe("affiliate.rejected");
    expect(mail?.text).toContain("We only work with trade professionals.");
    const [audit] = await auditFor("affiliate.status", applicant.id);
    expect(audit?.details).toMatchObject({
      from: "pending",
      to: "rejected",
      reason: "We only work with trade professionals.",
    });

    // A rejected application can still be approved later.
    const approved = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: applicant.id,
      move: "approve",
    });
    expect(approved).toMatchObject({ ok: true, status: "approved" });
    expect((await statusOf(applicant.id)).statusReason).toBeNull();
  });

  it("disables (with a reason, signed out at once) and re-enables, mailing neither", async () => {
    const partner = await makeAffiliate("approved", { withPassword: true });
    await openSession(partner.email);
    expect(await sessionCount(partner.id)).toBe(1);

    expect(
      await changeAffiliateStatus(world.deps, actor, { affiliateId: partner.id, move: "disable" }),
    ).toEqual({ ok: false, errors: { reason: AFFILIATE_FORM_MESSAGES.reason } });
    expect(await sessionCount(partner.id)).toBe(1);

    const disabled = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: partner.id,
      move: "disable",
      reason: "Spam links on social media",
    });
    expect(disabled).toMatchObject({ ok: true, status: "disabled" });
    expect(await sessionCount(partner.id)).toBe(0);
    // A disabled affiliate's code credits nobody.
    expect(await findCreditedAffiliate(db(), partner.code)).toBeUndefined();

    const enabled = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: partner.id,
      move: "enable",
    });
    expect(enabled).toMatchObject({ ok: true, status: "approved" });
    expect(await findCreditedAffiliate(db(), partner.code)).toMatchObject({ id: partner.id });
    expect(await mailTo(partner.email)).toEqual([]);
    const audits = await auditFor("affiliate.status", partner.id);
    expect(audits.map((audit) => audit.details.to).sort()).toEqual(["approved", "disabled"]);
  });

  it("refuses a move that does not apply to where the affiliate is, changing nothing", async () => {
    const partner = await makeAffiliate("approved", { withPassword: true });
    await openSession(partner.email);
    const outcome = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: partner.id,
      move: "reject",
      reason: "Too late for that",
    });
    expect(outcome).toEqual({
      ok: false,
      errors: { form: AFFILIATE_ADMIN_MESSAGES.moveRefused("approved", "reject") },
    });
    expect(AFFILIATE_ADMIN_MESSAGES.moveRefused("approved", "reject")).toBe(
      "This affiliate is approved now, so they cannot be rejected. Reload the page to see what they can be.",
    );
    expect((await statusOf(partner.id)).status).toBe("approved");
    expect(await sessionCount(partner.id)).toBe(1);
    expect(await auditFor("affiliate.status", partner.id)).toEqual([]);
    expect(await mailTo(partner.email)).toEqual([]);

    const missing = await changeAffiliateStatus(world.deps, actor, {
      affiliateId: randomUUID(),
      move: "approve",
    });
    expect(missing).toEqual({ ok: false, errors: { form: AFFILIATE_ADMIN_MESSAGES.notFound } });
  });
});

describe("changing a code", () => {
  it("keeps the old code crediting them and refuses another affiliate's, whatever its case", async () => {
    const tag = stamp();
    const partner = await makeAffiliate("approved", { code: `Old-${tag}` });
    const other = await makeAffiliate("approved", { code: `theirs-${tag}` });

    const changed = await changeAffiliateCode(world.deps, actor, {
      affiliateId: partner.id,
      code: `new-${tag}`,
    });
    expect(changed).toEqual({ ok: true, changed: true });
    expect((await statusOf(partner.id)).code).toBe(`new-${tag}`);
    // Links with the old code, in any case, still credit them.
    expect(await findCreditedAffiliate(db(), `old-${tag}`.toUpperCase())).toMatchObject({
      id: partner.id,
    });
    expect(await findCreditedAffiliate(db(), `new-${tag}`)).toMatchObject({ id: partner.id });
    const codes = await db()
      .select({ code: affiliateCodes.code })
      .from(affiliateCodes)
      .where(eq(affiliateCodes.affiliateId, partner.id));
    expect(codes.map((row) => row.code).sort()).toEqual([`Old-${tag}`, `new-${tag}`]);

    for (const taken of [`THEIRS-${tag}`, `new-${tag}`.toUpperCase()]) {
      const affiliateId = taken.startsWith("THEIRS") ? partner.id : other.id;
      expect(await changeAffiliateCode(world.deps, actor, { affiliateId, code: taken })).toEqual({
        ok: false,
        errors: { code: AFFILIATE_ADMIN_MESSAGES.codeTaken },
      });
    }
    expect((await statusOf(other.id)).code).toBe(`theirs-${tag}`);
    expect(
      await changeAffiliateCode(world.deps, actor, { affiliateId: partner.id, code: "no spaces!" }),
    ).toEqual({ ok: false, errors: { code: AFFILIATE_FORM_MESSAGES.code } });

    const [audit] = await auditFor("affiliate.code", partner.id);
    expect(audit).toMatchObject({
      actorId: actor.id,
      details: { email: partner.email, from: `Old-${tag}`, to: `new-${tag}` },
    });
    const [event] = await eventsOf(partner.id, "code_changed");
    expect(event?.details).toEqual({ from: `Old-${tag}`, to: `new-${tag}` });
  });

  it("takes up one of their own earlier codes again, as it is spelled now", async () => {
    const tag = stamp();
    const partner = await makeAffiliate("approved", { code: `Early-${tag}` });
    await changeAffiliateCode(world.deps, actor, { affiliateId: partner.id, code: `later-${tag}` });
    const back = await changeAffiliateCode(world.deps, actor, {
      affiliateId: partner.id,
      code: `early-${tag}`,
    });
    expect(back).toEqual({ ok: true, changed: true });
    expect((await statusOf(partner.id)).code).toBe(`early-${tag}`);
    const codes = await db()
      .select({ code: affiliateCodes.code })
      .from(affiliateCodes)
      .where(eq(affiliateCodes.affiliateId, partner.id));
    expect(codes.map((row) => row.code).sort()).toEqual([`early-${tag}`, `later-${tag}`]);
    // The same code again changes nothing and is not audited again.
    expect(
      await changeAffiliateCode(world.deps, actor, {
        affiliateId: partner.id,
        code: `early-${tag}`,
      }),
    ).toEqual({ ok: true, changed: false });
    expect(await auditFor("affiliate.code", partner.id)).toHaveLength(2);
  });
});

describe("resetting the authenticator", () => {
  it("removes it, turns two-factor sign-in off and ends their sessions", async () => {
    const partner = await makeAffiliate("approved", { withPassword: true });
    await openSession(partner.email);
    await db().insert(affiliateTwoFactors).values({
      id: randomUUID(),
      secret: "encrypted",
      backupCodes: "encrypted",
      userId: partner.id,
    });
    await db()
      .update(affiliateUsers)
      .set({ twoFactorEnabled: true })
      .where(eq(affiliateUsers.id, partner.id));
    expect((await affiliateDetail(db(), partner.id))?.affiliate.twoFactorEnabled).toBe(true);

    expect(await resetAffiliateTwoFactor(world.deps, actor, partner.id)).toEqual({
      ok: true,
      changed: true,
    });
    expect(
      await db()
        .select()
        .from(affiliateTwoFactors)
        .where(eq(affiliateTwoFactors.userId, partner.id)),
    ).toEqual([]);
    expect((await affiliateDetail(db(), partner.id))?.affiliate.twoFactorEnabled).toBe(false);
    expect(await sessionCount(partner.id)).toBe(0);
    expect(await eventsOf(partner.id, "two_factor_reset")).toHaveLength(1);
    const [audit] = await auditFor("affiliate.two_factor_reset", partner.id);
    expect(audit?.details).toMatchObject({
      email: partner.email,
      changes: [{ field: "twoFactorEnabled", from: true, to: false }],
    });

    // Nothing left to reset: nothing happens, nothing is audited.
    expect(await resetAffiliateTwoFactor(world.deps, actor, partner.id)).toEqual({
      ok: true,
      changed: false,
    });
    expect(await auditFor("affiliate.two_factor_reset", partner.id)).toHaveLength(1);
  });
});

describe("inviting an affiliate", () => {
  it("creates an approved affiliate without a password and mails a link to choose one", async () => {
    const tag = stamp();
    const outcome = await inviteAffiliate(world.deps, actor, {
      name: "Morgan Tiler",
      email: `Morgan.${tag}@Example.com`,
      phone: "+16175550199",
      company: "Morgan Tile Co",
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const email = `morgan.${tag}@example.com`;
    expect(outcome.email).toBe(email);
    expect(outcome.code).toMatch(/^morgan-tiler-[a-z2-9]{4}$/);

    const row = await statusOf(outcome.affiliateId);
    expect(row).toMatchObject({
      status: "approved",
      email,
      phone: "+16175550199",
      company: "Morgan Tile Co",
      code: outcome.code,
    });
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(
      await db()
        .select()
        .from(affiliateAccounts)
        .where(eq(affiliateAccounts.userId, outcome.affiliateId)),
    ).toEqual([]);
    expect(await findCreditedAffiliate(db(), outcome.code)).toMatchObject({
      id: outcome.affiliateId,
    });

    const [mail] = await mailTo(email);
    expect(mail?.kind).toBe("affiliate.invitation");
    const token = /^http:\/\/127\.0\.0\.1:5190\/affiliate\/reset-password\?token=([\w-]+)$/.exec(
      outcome.link ?? "",
    )?.[1];
    expect(token, outcome.link).toBeTruthy();
    // The same link is in the mail.
    expectMailCarries(mail!.text, outcome.link);

    expect(await eventsOf(outcome.affiliateId, "invited")).toHaveLength(1);
    const [audit] = await auditFor("affiliate.invite", outcome.affiliateId);
    expect(audit).toMatchObject({
      actorId: actor.id,
      details: { email, name: "Morgan Tiler", code: outcome.code },
    });

    // Until they use the link, the admin can send another invitation; once they have, the
    // link they are sent is a password reset.
    const detail = await affiliateDetail(db(), outcome.affiliateId);
    expect(detail?.affiliate.hasPassword).toBe(false);
    const resent = await sendAffiliatePasswordLink(world.deps, actor, outcome.affiliateId);
    expect(resent).toMatchObject({ ok: true, email, purpose: "invitation" });
    const mails = await mailTo(email);
    expect(mails.map((row) => row.kind)).toEqual(["affiliate.invitation", "affiliate.invitation"]);
    expect(await eventsOf(outcome.affiliateId, "invited")).toHaveLength(2);
    const audits = await auditFor("affiliate.password_link", outcome.affiliateId);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({ email, purpose: "invitation" });

    await getAffiliateAuth(world.deps).api.resetPassword({
      body: { token: token!, newPassword: PASSWORD },
    });
    expect((await affiliateDetail(db(), outcome.affiliateId))?.affiliate.hasPassword).toBe(true);
    expect(await sendAffiliatePasswordLink(world.deps, actor, outcome.affiliateId)).toMatchObject({
      ok: true,
      purpose: "reset",
    });
    expect((await mailTo(email)).map((row) => row.kind)).toContain("affiliate.password_reset");
  });

  it("refuses an e-mail that already has an affiliate, and a code that is taken", async () => {
    const existing = await makeAffiliate("pending");
    expect(
      await inviteAffiliate(world.deps, actor, {
        name: "Someone Else",
        email: existing.email.toUpperCase(),
      }),
    ).toEqual({ ok: false, errors: { email: AFFILIATE_ADMIN_MESSAGES.emailTaken } });

    const tag = stamp();
    const email = `chosen.${tag}@example.com`;
    expect(
      await inviteAffiliate(world.deps, actor, {
        name: "Chosen Code",
        email,
        code: existing.code.toUpperCase(),
      }),
    ).toEqual({ ok: false, errors: { code: AFFILIATE_ADMIN_MESSAGES.codeTaken } });
    expect(await db().select().from(affiliateUsers).where(eq(affiliateUsers.email, email))).toEqual(
      [],
    );

    const chosen = await inviteAffiliate(world.deps, actor, {
      name: "Chosen Code",
      email,
      code: `chosen-${tag}`,
    });
    expect(chosen).toMatchObject({ ok: true, code: `chosen-${tag}` });
  });
});

describe("a new password link for an affiliate who has a password", () => {
  it("mails them a password reset (not an invitation), logs it, audits it once, and the link works", async () => {
    const partner = await makeAffiliate("approved", { withPassword: true });
    await openSession(partner.email);
    expect((await affiliateDetail(db(), partner.id))?.affiliate.hasPassword).toBe(true);

    const sent = await sendAffiliatePasswordLink(world.deps, actor, partner.id);
    if (!sent.ok || !("link" in sent)) throw new Error(JSON.stringify(sent));
    expect(sent).toMatchObject({ ok: true, changed: true, email: partner.email, purpose: "reset" });

    const mails = await mailTo(partner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "affiliate.password_reset",
      subject: "Reset your referral partner portal password",
    });
    expect(mails[0]!.text).toContain("choose a new password");
    expect(mails[0]!.text).not.toMatch(/invit/i);
    const token = /^http:\/\/127\.0\.0\.1:5190\/affiliate\/reset-password\?token=([\w-]+)$/.exec(
      sent.link ?? "",
    )?.[1];
    expect(token, sent.link).toBeTruthy();
    expectMailCarries(mails[0]!.text, sent.link);

    const [event] = await eventsOf(partner.id, "password_reset_requested");
    expect(event?.details).toEqual({ email: partner.email, by: "admin" });
    expect(await eventsOf(partner.id, "invited")).toEqual([]);
    const audits = await auditFor("affiliate.password_link", partner.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: actor.id,
      details: { email: partner.email, purpose: "reset" },
    });

    // Sending it changes nothing yet: the old password and their sessions hold until used.
    expect(await sessionCount(partner.id)).toBe(1);

    // The link sets a new password; their sessions end; the new password signs in.
    const newPassword = "a brand new affiliate password";
    await getAffiliateAuth(world.deps).api.resetPassword({
      body: { token: token!, newPassword },
    });
    expect(await sessionCount(partner.id)).toBe(0);
    await expect(
      getAffiliateAuth(world.deps).api.signInEmail({
        body: { email: partner.email, password: PASSWORD },
      }),
    ).rejects.toThrow();
    const signedIn = await getAffiliateAuth(world.deps).api.signInEmail({
      body: { email: partner.email, password: newPassword },
    });
    expect(signedIn.user.id).toBe(partner.id);
  });

  it("sends nothing to a pending, rejected or disabled affiliate, with or without a password", async () => {
    for (const status of ["pending", "rejected", "disabled"] as const) {
      for (const withPassword of [true, false]) {
        const partner = await makeAffiliate(status, { withPassword });
        expect(await sendAffiliatePasswordLink(world.deps, actor, partner.id)).toEqual({
          ok: false,
          errors: { form: AFFILIATE_ADMIN_MESSAGES.noLinkUnlessApproved },
        });
        expect(await mailTo(partner.email)).toEqual([]);
        expect(await auditFor("affiliate.password_link", partner.id)).toEqual([]);
        expect(await eventsOf(partner.id, "password_reset_requested")).toEqual([]);
        expect(await eventsOf(partner.id, "invited")).toEqual([]);
      }
    }
    expect(await sendAffiliatePasswordLink(world.deps, actor, randomUUID())).toEqual({
      ok: false,
      errors: { form: AFFILIATE_ADMIN_MESSAGES.notFound },
    });
    expect(await sendAffiliatePasswordLink(world.deps, actor, "not-an-id")).toEqual({
      ok: false,
      errors: { form: AFFILIATE_ADMIN_MESSAGES.notFound },
    });
  });
});

describe("the affiliate's page", () => {
  it("shows their codes, figures, leads, clicks and events, newest first", async () => {
    const tag = stamp();
    const partner = await makeAffiliate("approved", { code: `page-one-${tag}` });
    await changeAffiliateCode(world.deps, actor, {
      affiliateId: partner.id,
      code: `page-two-${tag}`,
    });
    await addLeads(partner.id, `page-one-${tag}`, ["new", "won"]);
    await addClicks(partner.id, `page-one-${tag}`, 2);

    const detail = await affiliateDetail(db(), partner.id);
    expect(detail?.affiliate).toMatchObject({
      id: partner.id,
      code: `page-two-${tag}`,
      status: "approved",
      twoFactorEnabled: false,
      hasPassword: false,
      lastLoginAt: null,
    });
    expect(detail?.earlierCodes.map((entry) => entry.code)).toEqual([`page-one-${tag}`]);
    expect(detail?.figures).toEqual({
      clicks: 2,
      leads: 2,
      won: 1,
      conversion: 0.5,
      selfReferrals: 1,
    });
    expect(detail?.leads.map((lead) => lead.status).sort()).toEqual(["new", "won"]);
    expect(detail?.leads.filter((lead) => lead.selfReferral)).toHaveLength(1);
    expect(detail?.clicks).toHaveLength(2);
    expect(detail?.clicks[0]).toMatchObject({ code: `page-one-${tag}` });
    expect(detail?.events.map((event) => event.eventType)).toEqual(["code_changed"]);

    expect(await affiliateDetail(db(), randomUUID())).toBeUndefined();
    expect(await affiliateDetail(db(), "not-an-id")).toBeUndefined();
  });
});
