import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAttempts, loginLockouts, users } from "~/db/schema";
import { createOrResetStaffAccount } from "./admin-command.server";
import { LOGIN_RULES } from "./login-limits.server";
import { createMember, signIn, staffTestWorldForFile } from "./test-support.server";

/** `npm run admin:create` on an account that locked itself out is the way back in. */

const world = staffTestWorldForFile();

describe("admin:create", () => {
  it("creates a new account with a password that signs in", async () => {
    const email = `new${Date.now()}@example.com`;
    const { created, password } = await createOrResetStaffAccount(world.deps, {
      email: ` ${email.toUpperCase()} `,
      role: "editor",
    });
    expect(created).toBe(true);
    expect((await signIn(world.deps, email, password)).kind).toBe("signed_in");
  });

  it("on a locked account: a new password, the lock and the failures gone, sign-in works", async () => {
    const member = await createMember(world.deps, "editor");
    for (let i = 0; i < LOGIN_RULES.lockoutFailures; i++) {
      await signIn(world.deps, member.email, "not the password");
    }
    const db = world.database.db;
    expect(
      await db.select().from(loginLockouts).where(eq(loginLockouts.email, member.email)),
    ).toHaveLength(1);
    const locked = await signIn(world.deps, member.email, member.password);
    expect(locked).toMatchObject({ kind: "refused", status: 423 });

    const { created, password } = await createOrResetStaffAccount(world.deps, {
      email: member.email,
      role: "admin",
    });
    expect(created).toBe(false);
    expect(
      await db.select().from(loginLockouts).where(eq(loginLockouts.email, member.email)),
    ).toEqual([]);
    const attemptsLeft = await db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, member.email));
    expect(attemptsLeft.filter((attempt) => !attempt.success)).toEqual([]);

    expect((await signIn(world.deps, member.email, member.password)).kind).toBe("refused");
    expect((await signIn(world.deps, member.email, password)).kind).toBe("signed_in");
    const [user] = await db.select().from(users).where(eq(users.email, member.email));
    expect(user?.role).toBe("admin");
  });

  it("after the reset, one mistake is an ordinary failure, not a new lock", async () => {
    const member = await createMember(world.deps, "editor");
    for (let i = 0; i < LOGIN_RULES.lockoutFailures; i++) {
      await signIn(world.deps, member.email, "not the password");
    }
    const { password } = await createOrResetStaffAccount(world.deps, {
      email: member.email,
      role: "editor",
    });
    const mistake = await signIn(world.deps, member.email, "a typo");
    expect(mistake).toMatchObject({ kind: "refused", status: 401 });
    expect((await signIn(world.deps, member.email, password)).kind).toBe("signed_in");
  });

  it("re-enables a disabled account", async () => {
    const member = await createMember(world.deps, "editor");
    await world.database.db
      .update(users)
      .set({ banned: true })
      .where(eq(users.email, member.email));
    const { password } = await createOrResetStaffAccount(world.deps, {
      email: member.email,
      role: "editor",
    });
    expect((await signIn(world.deps, member.email, password)).kind).toBe("signed_in");
  });
});
