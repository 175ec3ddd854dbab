import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, loginAttempts, sessions, users } from "~/db/schema";
import { LOGIN_RULES, purgeLoginHistory } from "./login-limits.server";
import { attemptStaffLogin, type LoginInput } from "./sign-in-attempt.server";
import { createStaffAccount } from "./staff.server";
import { staffTestWorldForFile } from "./test-support.server";

/**
 * The sign-in messages of docs/REQUIREMENTS.md R8.1, each reached by a real sequence of
 * attempts; the clock is a parameter, so "15 minutes later" needs no waiting.
 */

const PASSWORD = "a long enough password";
const world = staffTestWorldForFile();

beforeAll(async () => {
  const { deps } = world;
  await createStaffAccount(deps, { email: "owner@example.com", password: PASSWORD, role: "admin" });
  await createStaffAccount(deps, {
    email: "editor@example.com",
    password: PASSWORD,
    role: "editor",
  });
  await createStaffAccount(deps, { email: "gone@example.com", password: PASSWORD, role: "editor" });
  await world.database.db
    .update(users)
    .set({ banned: true })
    .where(eq(users.email, "gone@example.com"));
});

let address = 0;
const attempt = (input: Partial<LoginInput>, now: Date) =>
  attemptStaffLogin(
    world.deps,
    {
      email: "owner@example.com",
      password: "wrong password",
      rememberMe: false,
      honeypot: "",
      ip: `198.18.0.${++address % 250}`,
      userAgent: "Integration",
      ...input,
    },
    now,
  );

const message = (outcome: Awaited<ReturnType<typeof attempt>>) =>
  outcome.kind === "refused" ? outcome.message : outcome.kind;

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const MINUTE = 60_000;
/**
 * The scenarios run on a controlled clock from tomorrow's midnight (UTC): in the future, so
 * the housekeeping job (on the real clock) never purges their attempts mid-test.
 */
const TOMORROW = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
const hoursAfterTomorrow = (hours: number) => new Date(TOMORROW + hours * 3_600_000);

describe("staff sign-in (R8.1, R9.3)", () => {
  it("invalid, then suspicious at 3 failures, then locked at 5 for 15 minutes, then in again", async () => {
    const t0 = hoursAfterTomorrow(10);
    const email = "owner@example.com";
    expect(message(await attempt({ email }, t0))).toBe("Invalid email or password");
    expect(message(await attempt({ email }, at(t0, 10_000)))).toBe("Invalid email or password");
    expect(message(await attempt({ email }, at(t0, 20_000)))).toBe(
      "Suspicious activity detected. Please contact support if you are a legitimate user.",
    );
    expect(message(await attempt({ email }, at(t0, 30_000)))).toBe(
      "Suspicious activity detected. Please contact support if you are a legitimate user.",
    );
    const locked = await attempt({ email }, at(t0, 40_000));
    expect(message(locked)).toBe("Account temporarily locked. Try again in 15 minutes.");
    expect(locked).toMatchObject({ status: 423 });

    // Even the right password waits out the lockout; the time left is said in minutes.
    expect(message(await attempt({ email, password: PASSWORD }, at(t0, 40_000 + 3 * MINUTE)))).toBe(
      "Account temporarily locked. Try again in 12 minutes.",
    );
    expect(
      message(await attempt({ email, password: PASSWORD }, at(t0, 40_000 + 14 * MINUTE + 30_000))),
    ).toBe("Account temporarily locked. Try again in 1 minute.");
    const back = await attempt({ email, password: PASSWORD }, at(t0, 40_000 + 15 * MINUTE + 1000));
    expect(back.kind).toBe("signed_in");

    // A success starts the count again.
    expect(message(await attempt({ email }, at(t0, 16 * MINUTE + 40_000)))).toBe(
      "Invalid email or password",
    );
  });

  it("an address with 10 attempts in 5 minutes must wait, told in minutes", async () => {
    const t0 = hoursAfterTomorrow(12);
    const ip = "203.0.113.7";
    for (let i = 0; i < LOGIN_RULES.rateLimitAttempts; i++) {
      // Different (unknown) addresses each time, so only the per-address limit applies.
      await attempt({ email: `guess${i}@example.com`, ip }, at(t0, i * 1000));
    }
    expect(message(await attempt({ email: "editor@example.com", ip }, at(t0, 10_000)))).toBe(
      "Too many attempts. Please wait 5 minutes before trying again.",
    );
    expect(
      message(await attempt({ email: "editor@example.com", ip }, at(t0, 4 * MINUTE + 10_000))),
    ).toBe("Too many attempts. Please wait 1 minute before trying again.");
    // Another address is not affected.
    expect(
      (await attempt({ email: "editor@example.com", password: PASSWORD }, at(t0, 11_000))).kind,
    ).toBe("signed_in");
  });

  it("a filled honeypot fails security validation, whatever the password", async () => {
    const outcome = await attempt(
      { email: "editor@example.com", password: PASSWORD, honeypot: "http://spam.example" },
      hoursAfterTomorrow(13),
    );
    expect(message(outcome)).toBe("Security validation failed. Please try again.");
  });

  it("an over-long password is a wrong password, not a fault", async () => {
    const outcome = await attempt(
      { email: "editor@example.com", password: "x".repeat(5000) },
      hoursAfterTomorrow(15),
    );
    expect(message(outcome)).toBe("Invalid email or password");
  });

  it("a disabled account fails without saying why", async () => {
    const outcome = await attempt(
      { email: "gone@example.com", password: PASSWORD },
      hoursAfterTomorrow(14),
    );
    // Answered like an address nobody has, so the answer does not reveal disabled accounts.
    expect(message(outcome)).toBe("Invalid email or password");
    expect(outcome).toMatchObject({ status: 401 });
  });

  it("sessions last 24 hours, or 30 days with remember me, on the cookie and in the database", async () => {
    const now = new Date();
    for (const [rememberMe, seconds] of [
      [false, 24 * 60 * 60],
      [true, 30 * 24 * 60 * 60],
    ] as const) {
      const outcome = await attempt(
        { email: "editor@example.com", password: PASSWORD, rememberMe },
        now,
      );
      expect(outcome.kind).toBe("signed_in");
      if (outcome.kind !== "signed_in") return;
      const cookie = outcome.setCookies.find((c) => c.startsWith("lumen.session_token="))!;
      expect(cookie).toContain(`Max-Age=${seconds}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const token = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!).split(".")[0]!;
      const [session] = await world.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, token));
      const lifetime = (session!.expiresAt.getTime() - now.getTime()) / 1000;
      expect(Math.abs(lifetime - seconds)).toBeLessThan(5);
    }
  });

  it("records who tried, from where, and keeps the history 24 hours", async () => {
    const rows = await world.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, "owner@example.com"));
    expect(rows.some((row) => row.success)).toBe(true);
    expect(rows.filter((row) => !(row.userAgent === "Integration" && row.ipAddress))).toEqual([]);
    const audit = await world.database.db.select().from(auditEvents);
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(["sign_in", "sign_in_failed", "account_locked"]),
    );
    // Nothing about passwords in the audit details.
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);

    const purged = await purgeLoginHistory(world.database.db, hoursAfterTomorrow(48));
    expect(purged).toBeGreaterThan(0);
    const left = await world.database.db.select().from(loginAttempts);
    expect(left.every((row) => row.createdAt > hoursAfterTomorrow(24))).toBe(true);
  });
});
