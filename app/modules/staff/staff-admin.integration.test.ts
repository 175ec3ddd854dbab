import { and, eq } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import { expectMailCarries } from "~/modules/mail/test-support.server";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, mailMessages, users } from "~/db/schema";
import { passwordTokenOwner, setPasswordWithToken } from "./account.server";
import {
  changeStaffRole,
  countSessions,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetStaffTwoFactor,
  setStaffDisabled,
  STAFF_MESSAGES,
} from "./staff-admin.server";
import { staffFixtures } from "./staff-test-fixtures";
import { createMember, sessionFor, signIn, totpCode } from "./test-support.server";
import { confirmTotpSetup, startTotpSetup } from "./two-factor.server";

const { world, lastAudit, signInKind, twoFactorOf } = staffFixtures();
let admin: Awaited<ReturnType<typeof createMember>>;
let actor: Actor;

beforeAll(async () => {
  admin = await createMember(world.deps, "admin", "Avery Admin");
  actor = { id: admin.id, email: admin.email, ip: "203.0.113.7" };
});

/** `by` can neither demote nor disable `admin`: both are refused with `error`. */
async function expectAdminKept(by: Actor, error: string) {
  expect(await changeStaffRole(world.database, by, admin.id, "editor")).toEqual({
    ok: false,
    error,
  });
  expect(await setStaffDisabled(world.database, by, admin.id, true)).toEqual({ ok: false, error });
  const [row] = await world.database.db.select().from(users).where(eq(users.id, admin.id));
  expect(row).toMatchObject({ role: "admin", banned: false });
}

async function mailTo(email: string) {
  const rows = await world.database.db.select().from(mailMessages);
  return rows.filter((row) => row.to.includes(email));
}

const linkToken = (text: string) => {
  const link = /https?:\/\/\S+\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  return link?.[1];
};

describe("inviting a member", () => {
  it("creates the account, mails a set-password link that works once, and the member signs in", async () => {
    const email = "Jordan.Invitee@Example.com";
    const outcome = await inviteStaff(world.deps, actor, {
      name: "Jordan Invitee",
      email,
      role: "editor",
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.user).toMatchObject({
      email: "jordan.invitee@example.com",
      role: "editor",
      name: "Jordan Invitee",
      twoFactorEnabled: false,
      disabled: false,
    });

    const [mail] = await mailTo("jordan.invitee@example.com");
    expect(mail).toBeDefined();
    expect(mail!.kind).toBe("staff.password");
    // The link goes back to the inviting admin, to pass on when mail is not sent.
    const token = linkToken(outcome.link ?? "");
    expect(token, outcome.link).toBeTruthy();
    // It goes to our page on PUBLIC_URL, not to Better Auth's unexposed endpoint.
    expect(outcome.link).toBe(`http://127.0.0.1:5190/admin/set-password?token=${token}`);
    expect(await passwordTokenOwner(world.database.db, token!)).toBe(outcome.user.id);
    // The same link is in the mail.
    expectMailCarries(mail!.text, outcome.link);
    expect(mail!.text).not.toContain("/api/auth/");

    // The random password nobody knows does not get anyone in.
    const before = await signIn(world.deps, "jordan.invitee@example.com", "guessing-is-useless");
    expect(before.kind).toBe("refused");

    const setPassword = (password: string, confirmPassword = password, ip: string | null = null) =>
      setPasswordWithToken(world.deps, { token: token!, password, confirmPassword, ip });
    const mismatch = await setPassword("a fine long password", "a different password");
    expect(mismatch).toEqual({
      ok: false,
      errors: { confirmPassword: "The two passwords are not the same." },
    });
    const short = await setPassword("short");
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.errors.password).toBe("Use at least 12 characters.");

    const set = await setPassword("correct horse battery staple", undefined, "198.51.100.4");
    expect(set).toEqual({ ok: true });
    const signedIn = await signIn(
      world.deps,
      "jordan.invitee@example.com",
      "correct horse battery staple",
    );
    expect(signedIn.kind).toBe("signed_in");

    // The link works once.
    const again = await setPassword("another long password");
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.errors.form).toMatch(/expired or has already been used/);

    const invite = await lastAudit("staff.invite");
    expect(invite).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      target: `user:${outcome.user.id}`,
      ipAddress: "203.0.113.7",
      details: { email: "jordan.invitee@example.com", name: "Jordan Invitee", role: "editor" },
    });
    expect(await lastAudit("account.password_set")).toMatchObject({
      actorId: outcome.user.id,
      ipAddress: "198.51.100.4",
    });
    // No password, hash or token in what the audit log keeps.
    const everything = JSON.stringify(await world.database.db.select().from(auditEvents));
    expect(everything).not.toContain(token!);
    expect(everything).not.toContain("correct horse battery staple");
  });

  it("refuses an address already in use, in any case", async () => {
    const taken = await inviteStaff(world.deps, actor, {
      name: "Someone",
      email: admin.email.toUpperCase(),
      role: "editor",
    });
    expect(taken).toEqual({ ok: false, errors: { email: STAFF_MESSAGES.emailTaken } });
  });

  it("mails a new link on request", async () => {
    const member = await createMember(world.deps, "editor");
    const outcome = await resendInvitation(world.deps, actor, member.id);
    expect(outcome).toMatchObject({ ok: true, changed: true });
    const [mail] = await mailTo(member.email);
    expect(outcome.ok && linkToken(outcome.link ?? "")).toBeTruthy();
    expectMailCarries(mail!.text, outcome.ok ? outcome.link : undefined);
    expect(await lastAudit("staff.password_link")).toMatchObject({ target: `user:${member.id}` });
  });
});

describe("roles and disabling", () => {
  it("changes a role and audits old and new", async () => {
    const member = await createMember(world.deps, "editor");
    expect(await changeStaffRole(world.database, actor, member.id, "admin")).toEqual({
      ok: true,
      changed: true,
    });
    expect(await lastAudit("staff.role")).toMatchObject({
      target: `user:${member.id}`,
      details: { email: member.email, changes: [{ field: "role", from: "editor", to: "admin" }] },
    });
    expect(await changeStaffRole(world.database, actor, member.id, "admin")).toEqual({
      ok: true,
      changed: false,
    });
    expect(await changeStaffRole(world.database, actor, member.id, "editor")).toMatchObject({
      ok: true,
    });
  });

  it("never lets an admin demote or disable themselves", async () => {
    await expectAdminKept(actor, STAFF_MESSAGES.self);
  });

  it("keeps the last active admin", async () => {
    // Another admin acts while being the only other one, then is disabled behind their back.
    const other = await createMember(world.deps, "admin");
    const otherActor: Actor = { id: other.id, email: other.email, ip: null };
    await world.database.db.update(users).set({ banned: true }).where(eq(users.role, "admin"));
    await world.database.db.update(users).set({ banned: false }).where(eq(users.id, admin.id));
    // Only `admin` is active now; `other` (disabled) tries to remove them.
    await expectAdminKept(otherActor, STAFF_MESSAGES.lastAdmin);
    await world.database.db.update(users).set({ banned: false }).where(eq(users.id, other.id));
  });

  it("disabling ends the member's sessions and refuses sign-in; enabling lets them back", async () => {
    const member = await createMember(world.deps, "editor");
    await sessionFor(world.deps, member.email, member.password);
    expect(await countSessions(world.database.db, member.id)).toBe(1);

    expect(await setStaffDisabled(world.database, actor, member.id, true)).toEqual({
      ok: true,
      changed: true,
    });
    expect(await countSessions(world.database.db, member.id)).toBe(0);
    expect(await signInKind(member)).toBe("refused");
    expect(await lastAudit("staff.disable")).toMatchObject({
      target: `user:${member.id}`,
      details: { changes: [{ field: "disabled", from: false, to: true }] },
    });
    const listed = (await listStaff(world.database.db)).find((user) => user.id === member.id);
    expect(listed?.disabled).toBe(true);

    expect(await setStaffDisabled(world.database, actor, member.id, false)).toEqual({
      ok: true,
      changed: true,
    });
    expect(await signInKind(member)).toBe("signed_in");
    expect(await lastAudit("staff.enable")).toMatchObject({ target: `user:${member.id}` });
  });

  it("an unknown member is answered, not thrown", async () => {
    expect(await changeStaffRole(world.database, actor, "no-such-user", "admin")).toEqual({
      ok: false,
      error: STAFF_MESSAGES.notFound,
    });
  });
});

describe("resetting an authenticator", () => {
  it("removes the member's authenticator, turns the flag off and ends their sessions", async () => {
    const member = await createMember(world.deps, "editor");
    const headers = await sessionFor(world.deps, member.email, member.password);
    const memberActor = { id: member.id, email: member.email, ip: null };
    const started = await startTotpSetup(world.deps, memberActor, headers, member.password);
    if (!started.ok) throw new Error(JSON.stringify(started));
    const confirmed = await confirmTotpSetup(
      world.deps,
      memberActor,
      headers,
      totpCode(started.uri),
    );
    expect(confirmed.ok).toBe(true);
    expect(await signInKind(member)).toBe("two_factor");

    expect(await resetStaffTwoFactor(world.database, actor, admin.id)).toEqual({
      ok: false,
      error: STAFF_MESSAGES.ownAuthenticator,
    });
    expect(await resetStaffTwoFactor(world.database, actor, member.id)).toEqual({
      ok: true,
      changed: true,
    });
    expect(await twoFactorOf(member.id)).toEqual({ enabled: false, authenticators: [] });
    expect(await countSessions(world.database.db, member.id)).toBe(0);
    expect(await lastAudit("staff.reset_two_factor")).toMatchObject({
      target: `user:${member.id}`,
      details: { changes: [{ field: "twoFactorEnabled", from: true, to: false }] },
    });
    // The password alone signs in again.
    expect(await signInKind(member)).toBe("signed_in");
  });
});

describe("the staff list", () => {
  it("shows every staff member with an initials avatar and never an affiliate", async () => {
    const list = await listStaff(world.database.db);
    expect(list.length).toBeGreaterThan(3);
    const me = list.find((user) => user.id === admin.id);
    expect(me).toMatchObject({ name: "Avery Admin", role: "admin" });
    expect(me?.avatar).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(me!.avatar)).toContain(">AA<");
    expect(me?.lastLogin).toBeNull();
    const signedIn = list.find((user) => user.email === "jordan.invitee@example.com");
    expect(signedIn?.lastLogin).toBeInstanceOf(Date);
    const [admins] = await world.database.db
      .select()
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.id, admin.id)));
    expect(admins).toBeDefined();
  });
});
