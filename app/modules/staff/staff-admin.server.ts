import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import { sessions, twoFactors, users } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { capturePasswordLink, getAuth, type AuthDeps } from "./auth.server";
import { STAFF_ROLES, type StaffRole } from "./permissions";
import { createStaffAccount, generatePassword, toStaffUser, type StaffUser } from "./staff.server";
import type { Invite } from "./staff.schema";

/**
 * Staff accounts as admins manage them: invitations, roles, disabling and authenticator
 * resets. Nobody can demote or disable themselves, and the last active admin stays one,
 * so the staff area can never be left without an admin. Every change is audited.
 */

/** Where an invitation's (and a reset's) link lands: /admin/set-password?token=... */
const SET_PASSWORD_PATH = "/admin/set-password";

export const STAFF_MESSAGES = {
  self: "You cannot do this to your own account. Another admin can.",
  lastAdmin: "This is the last active admin: make someone else an admin first.",
  notFound: "That staff member no longer exists.",
  emailTaken: "There is already an account with this e-mail address.",
  ownAuthenticator: "Change your own authenticator under My account.",
} as const;

export type StaffOutcome = { ok: true; changed: boolean } | { ok: false; error: string };

/** Every staff account, admins first, then by name. */
export async function listStaff(db: Database): Promise<StaffUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.role), asc(users.name), asc(users.email));
  return rows.map(toStaffUser).filter((user): user is StaffUser => Boolean(user));
}

export type InviteOutcome =
  | { ok: true; user: StaffUser; link: string | undefined }
  | { ok: false; errors: { email: string } };

/**
 * Creates the account with a random password nobody knows and mails a link to choose
 * one (Better Auth's password reset, landing on /admin/set-password).
 */
export async function inviteStaff(
  deps: AuthDeps,
  actor: Actor,
  invite: Pick<Invite, "name" | "email" | "role">,
): Promise<InviteOutcome> {
  const { name, role } = invite;
  // Addresses are kept in lower case, whoever calls (the schema does it for the screen).
  const email = invite.email.trim().toLowerCase();
  const db = deps.database.db;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { ok: false, errors: { email: STAFF_MESSAGES.emailTaken } };

  let created;
  try {
    created = await createStaffAccount(deps, { email, name, role, password: generatePassword() });
  } catch (error) {
    // Someone else created the same address a moment ago.
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) return { ok: false, errors: { email: STAFF_MESSAGES.emailTaken } };
    throw error;
  }
  const link = await sendSetPasswordLink(deps, email);
  await recordAudit(db, actor, {
    action: "staff.invite",
    target: `user:${created.id}`,
    details: { email, name, role },
  });
  return { ok: true, user: toStaffUser(created)!, link };
}

/** Mails a new set-password link (the invitation's link lasts 3 days). */
export async function resendInvitation(
  deps: AuthDeps,
  actor: Actor,
  userId: string,
): Promise<
  { ok: true; changed: true; email: string; link?: string } | { ok: false; error: string }
> {
  const db = deps.database.db;
  const [target] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...STAFF_ROLES])));
  if (!target) return { ok: false, error: STAFF_MESSAGES.notFound };
  const link = await sendSetPasswordLink(deps, target.email);
  await recordAudit(db, actor, {
    action: "staff.password_link",
    target: `user:${userId}`,
    details: { email: target.email },
  });
  return { ok: true, changed: true, email: target.email, link };
}

/** Mails the link; returns it too, for an admin to pass on when mail is not sent. */
function sendSetPasswordLink(deps: AuthDeps, email: string): Promise<string | undefined> {
  return capturePasswordLink(() =>
    getAuth(deps).api.requestPasswordReset({ body: { email, redirectTo: SET_PASSWORD_PATH } }),
  );
}

interface LockedStaff {
  target: { id: string; email: string; role: StaffRole; banned: boolean; twoFactor: boolean };
  /** Active (not disabled) admins other than the target. */
  otherActiveAdmins: number;
}

/**
 * The target and the count of other active admins, with every staff row locked for the
 * transaction, so two admins acting at once cannot both remove the last admin.
 */
async function lockStaff(tx: Transaction, userId: string): Promise<LockedStaff | undefined> {
  const rows = await tx.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      banned: users.banned,
      twoFactor: users.twoFactorEnabled,
    })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.id))
    .for("update");
  const target = rows.find((row) => row.id === userId);
  if (!target) return undefined;
  const otherActiveAdmins = rows.filter(
    (row) => row.id !== userId && row.role === "admin" && !row.banned,
  ).length;
  return {
    target: {
      id: target.id,
      email: target.email,
      role: target.role as StaffRole,
      banned: Boolean(target.banned),
      twoFactor: Boolean(target.twoFactor),
    },
    otherActiveAdmins,
  };
}

type Handle = Pick<DatabaseHandle, "transaction">;

/**
 * A change to another member's account, in a transaction with the staff rows locked;
 * refused with `ownAccountError` on one's own account.
 */
function changeOtherMember(
  database: Handle,
  actor: Actor,
  userId: string,
  ownAccountError: string,
  change: (tx: Transaction, locked: LockedStaff) => Promise<StaffOutcome>,
): Promise<StaffOutcome> {
  if (userId === actor.id) return Promise.resolve({ ok: false, error: ownAccountError });
  return database.transaction(async (tx) => {
    const locked = await lockStaff(tx, userId);
    if (!locked) return { ok: false, error: STAFF_MESSAGES.notFound };
    return change(tx, locked);
  });
}

/** The audit entry of one field changed on a member's account. */
function recordStaffChange(
  tx: Transaction,
  actor: Actor,
  action: string,
  member: { id: string; email: string },
  change: { field: string; from: unknown; to: unknown },
) {
  return recordAudit(tx.db, actor, {
    action,
    target: `user:${member.id}`,
    details: { email: member.email, changes: [change] },
  });
}

type Standing = Pick<LockedStaff["target"], "role" | "banned">;

const isActiveAdmin = (member: Standing) => member.role === "admin" && !member.banned;

/**
 * Changes what makes a member an active admin (their role, or being disabled): nothing to
 * do when it is so already; refused when it would leave no active admin. `apply` writes
 * the change; the audit entry names `field` with its value before and after.
 */
function changeStanding<K extends keyof Standing>(
  database: Handle,
  actor: Actor,
  userId: string,
  change: {
    key: K;
    value: Standing[K];
    action: string;
    field: string;
    apply: (tx: Transaction) => Promise<void>;
  },
): Promise<StaffOutcome> {
  const { key, value } = change;
  return changeOtherMember(database, actor, userId, STAFF_MESSAGES.self, async (tx, locked) => {
    const { target } = locked;
    if (target[key] === value) return { ok: true, changed: false };
    const after = { ...target, [key]: value };
    if (isActiveAdmin(target) && !isActiveAdmin(after) && locked.otherActiveAdmins === 0) {
      return { ok: false, error: STAFF_MESSAGES.lastAdmin };
    }
    await change.apply(tx);
    await recordStaffChange(tx, actor, change.action, target, {
      field: change.field,
      from: target[key],
      to: value,
    });
    return { ok: true, changed: true };
  });
}

/** Makes a member admin or editor. */
export async function changeStaffRole(
  database: Handle,
  actor: Actor,
  userId: string,
  role: StaffRole,
): Promise<StaffOutcome> {
  return changeStanding(database, actor, userId, {
    key: "role",
    value: role,
    action: "staff.role",
    field: "role",
    apply: async (tx) => {
      await tx.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  });
}

/** Disables (signs out everywhere; sign-in refused) or enables a member. */
export async function setStaffDisabled(
  database: Handle,
  actor: Actor,
  userId: string,
  disabled: boolean,
): Promise<StaffOutcome> {
  return changeStanding(database, actor, userId, {
    key: "banned",
    value: disabled,
    action: disabled ? "staff.disable" : "staff.enable",
    field: "disabled",
    apply: async (tx) => {
      await tx.db
        .update(users)
        .set({
          banned: disabled,
          banReason: disabled ? "Disabled by an admin" : null,
          banExpires: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      if (disabled) await tx.db.delete(sessions).where(eq(sessions.userId, userId));
    },
  });
}

/**
 * Removes a member's authenticator (a lost phone): they sign in with the password alone
 * and can set up a new one; their sessions end.
 */
export async function resetStaffTwoFactor(
  database: Handle,
  actor: Actor,
  userId: string,
): Promise<StaffOutcome> {
  const refusal = STAFF_MESSAGES.ownAuthenticator;
  return changeOtherMember(database, actor, userId, refusal, async (tx, locked) => {
    const removed = await tx.db
      .delete(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .returning({ id: twoFactors.id });
    if (!locked.target.twoFactor && removed.length === 0) return { ok: true, changed: false };
    await tx.db
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.db.delete(sessions).where(eq(sessions.userId, userId));
    await recordStaffChange(tx, actor, "staff.reset_two_factor", locked.target, {
      field: "twoFactorEnabled",
      from: locked.target.twoFactor,
      to: false,
    });
    return { ok: true, changed: true };
  });
}

/** How many sessions a member has open (for tests and the list's sake). */
export async function countSessions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return Number(row?.n ?? 0);
}
