import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAttempts, mailMessages, users } from "~/db/schema";
import { changeOwnPassword } from "./account.server";
import { getAuth } from "./auth.server";
import { LOGIN_RULES } from "./login-limits.server";
import { attemptStaffLogin, completeSignIn, type LoginInput } from "./sign-in-attempt.server";
import { setStaffDisabled } from "./staff-admin.server";
import {
  cookieHeaders,
  createMember,
  staffTestWorldForFile,
  totpCode,
} from "./test-support.server";
import { trustedBrowserCookieName } from "./trusted-browser.server";
import { confirmTotpSetup, startTotpSetup } from "./two-factor.server";

/**
 * A lockout earned by failures from elsewhere does not stop a browser that signed in to
 * the account before; the owner is mailed once per lock; a disabled account answers like
 * an unknown one. The clock is a parameter, as in login.integration.test.ts, set from the
 * real time: the housekeeping job started with the world forgets attempts and locks that
 * are over by the real clock.
 */

const world = staffTestWorldForFile();

const LOCKED = "Account temporarily locked. Try again in 15 minutes.";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

let addressCount = 0;
/** A fresh address, so only the per-account rules apply unless a test reuses one. */
const freshAddress = () => `198.51.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

const attempt = (input: Partial<LoginInput> & { email: string }, now: Date) =>
  attemptStaffLogin(
    world.deps,
    {
      password: "not the password",
      rememberMe: false,
      honeypot: "",
      ip: freshAddress(),
      userAgent: "Integration",
      ...input,
    },
    now,
  );

const answer = (outcome: Awaited<ReturnType<typeof attempt>>) =>
  outcome.kind === "refused" ? { message: outcome.message, status: outcome.status } : outcome.kind;

/** The Cookie header a browser sends after these Set-Cookie answers (trusted cookie only). */
function trustedCookie(setCookies: string[]): string {
  const name = trustedBrowserCookieName(world.deps.config);
  const cookie = setCookies.find((header) => header.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no trusted-browser cookie in ${JSON.stringify(setCookies)}`);
  return cookie.split(";")[0]!;
}

/** Signs in from a browser and returns its trusted-browser cookie and session headers. */
async function signInFromBrowser(email: string, password: string, now: Date) {
  const outcome = await attempt({ email, password }, now);
  if (outcome.kind !== "signed_in") throw new Error(`not signed in: ${JSON.stringify(outcome)}`);
  return { cookie: trustedCookie(outcome.setCookies), headers: cookieHeaders(outcome.setCookies) };
}

/** Five wrong passwords from five addresses: the account is locked. */
async function lockFromElsewhere(email: string, start: Date): Promise<Date> {
  let last;
  for (let i = 0; i < LOGIN_RULES.lockoutFailures; i++) {
    last = await attempt({ email }, at(start, i * 1000));
  }
  expect(answer(last!)).toEqual({ message: LOCKED, status: 423 });
  return at(start, LOGIN_RULES.lockoutFailures * 1000);
}

function tamper(cookie: string): string {
  const last = cookie.at(-1) === "A" ? "B" : "A";
  return `${cookie.slice(0, -1)}${last}`;
}

async function lockMails(email: string) {
  const rows = await world.database.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.kind, "staff.account_locked"));
  return rows.filter((row) => row.to.includes(email));
}

describe("a browser that signed in before", () => {
  it("signs in with the right password while failures from elsewhere lock the account", async () => {
    const member = await createMember(world.deps, "admin");
    const other = await createMember(world.deps, "editor");
    const t0 = new Date();
    const mine = await signInFromBrowser(member.email, member.password, t0);
    const theirs = await signInFromBrowser(other.email, other.password, t0);

    const locked = await lockFromElsewhere(member.email, at(t0, MINUTE));
    const right = { email: member.email, password: member.password };

    // Without the cookie, or with a forged one or another account's: the lockout answers.
    expect(answer(await attempt(right, locked))).toEqual({ message: LOCKED, status: 423 });
    expect(answer(await attempt({ ...right, cookieHeader: tamper(mine.cookie) }, locked))).toEqual({
      message: LOCKED,
      status: 423,
    });
    expect(answer(await attempt({ ...right, cookieHeader: theirs.cookie }, locked))).toEqual({
      message: LOCKED,
      status: 423,
    });

    // The browser that signed in before gets in, and is trusted afresh.
    const back = await attempt({ ...right, cookieHeader: mine.cookie }, at(locked, MINUTE));
    expect(back.kind).toBe("signed_in");
    if (back.kind !== "signed_in") return;
    expect(trustedCookie(back.setCookies)).toMatch(/^lumen\.trusted_browser=/);
    const setCookie = back.setCookies.find((c) => c.startsWith("lumen.trusted_browser="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/admin(;|$)/);
    expect(setCookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(setCookie).not.toContain(member.email);

    // Its sign-in does not lift the lock for other browsers.
    expect(answer(await attempt(right, at(locked, 2 * MINUTE)))).toEqual({
      message: "Account temporarily locked. Try again in 13 minutes.",
      status: 423,
    });
    // Its own wrong password is refused like any other, and recorded.
    const wrong = await attempt(
      { email: member.email, cookieHeader: mine.cookie },
      at(locked, 3 * MINUTE),
    );
    expect(answer(wrong)).toEqual({ message: "Invalid email or password", status: 401 });
  });

  it("is not trusted once the password changed, the account was disabled, or a year passed", async () => {
    const admin = await createMember(world.deps, "admin");
    const changing = await createMember(world.deps, "editor");
    const disabling = await createMember(world.deps, "editor");
    const longAgo = await createMember(world.deps, "editor");
    const t0 = new Date();

    const beforeChange = await signInFromBrowser(changing.email, changing.password, t0);
    const newPassword = "a brand new password for the test";
    const changed = await changeOwnPassword(
      world.deps,
      { id: changing.id, email: changing.email, ip: null },
      beforeChange.headers,
      { currentPassword: changing.password, password: newPassword, confirmPassword: newPassword },
    );
    expect(changed.ok).toBe(true);

    const beforeDisabling = await signInFromBrowser(disabling.email, disabling.password, t0);
    const actor = { id: admin.id, email: admin.email, ip: null };
    expect(await setStaffDisabled(world.database, actor, disabling.id, true)).toMatchObject({
      ok: true,
    });
    expect(await setStaffDisabled(world.database, actor, disabling.id, false)).toMatchObject({
      ok: true,
    });

    const yearAgo = await signInFromBrowser(
      longAgo.email,
      longAgo.password,
      at(t0, -366 * 24 * 60 * MINUTE),
    );

    for (const [member, password, cookie] of [
      [changing, newPassword, beforeChange.cookie],
      [disabling, disabling.password, beforeDisabling.cookie],
      [longAgo, longAgo.password, yearAgo.cookie],
    ] as const) {
      const locked = await lockFromElsewhere(member.email, at(t0, MINUTE));
      expect(
        answer(await attempt({ email: member.email, password, cookieHeader: cookie }, locked)),
      ).toEqual({ message: LOCKED, status: 423 });
    }
  });

  it("is still held to the per-address limit (10 attempts in 5 minutes)", async () => {
    const member = await createMember(world.deps, "editor");
    const t0 = new Date();
    const ip = "203.0.113.77";
    const { cookie } = await signInFromBrowser(member.email, member.password, t0);
    const locked = await lockFromElsewhere(member.email, at(t0, MINUTE));
    const right = { email: member.email, password: member.password, cookieHeader: cookie, ip };

    // One sign-in past the lock, then nine more attempts from the same address...
    expect((await attempt(right, locked)).kind).toBe("signed_in");
    for (let i = 1; i < LOGIN_RULES.rateLimitAttempts; i++) {
      await attempt({ email: `someone${i}@example.com`, ip }, at(locked, i * 1000));
    }
    // ...and the eleventh waits, cookie or not.
    expect(answer(await attempt(right, at(locked, 10_000)))).toEqual({
      message: "Too many attempts. Please wait 5 minutes before trying again.",
      status: 429,
    });
  });

  it("is trusted after the authenticator step too", async () => {
    const member = await createMember(world.deps, "editor");
    const t0 = new Date();
    const first = await signInFromBrowser(member.email, member.password, t0);
    const actor = { id: member.id, email: member.email, ip: null };
    const started = await startTotpSetup(world.deps, actor, first.headers, member.password);
    if (!started.ok) throw new Error(JSON.stringify(started));
    const confirmed = await confirmTotpSetup(
      world.deps,
      actor,
      first.headers,
      totpCode(started.uri),
    );
    expect(confirmed.ok).toBe(true);

    // The password step alone does not trust the browser...
    const password = await attempt({ email: member.email, password: member.password }, t0);
    expect(password.kind).toBe("two_factor");
    if (password.kind !== "two_factor") return;
    expect(() => trustedCookie(password.setCookies)).toThrow();
    // ...the authenticator step does (what the two-factor page does on a right code).
    const verified = await getAuth(world.deps).api.verifyTOTP({
      body: { code: totpCode(started.uri) },
      headers: cookieHeaders(password.setCookies),
      returnHeaders: true,
    });
    expect(verified.headers.getSetCookie().some((c) => c.startsWith("lumen.session_token="))).toBe(
      true,
    );
    const trustCookies = await completeSignIn(world.deps, {
      userId: member.id,
      email: member.email,
      ip: freshAddress(),
      userAgent: "Integration",
      cookieHeader: undefined,
      now: t0,
    });
    const cookie = trustedCookie(trustCookies);

    const locked = await lockFromElsewhere(member.email, at(t0, MINUTE));
    const right = { email: member.email, password: member.password };
    expect(answer(await attempt(right, locked))).toEqual({ message: LOCKED, status: 423 });
    expect((await attempt({ ...right, cookieHeader: cookie }, locked)).kind).toBe("two_factor");
  });
});

describe("the lock e-mail", () => {
  it("goes once to the account's own address when it locks; none for unknown addresses", async () => {
    const member = await createMember(world.deps, "editor", "Dana Example");
    const t0 = new Date();
    const wrongPassword = "a guessed password 123";
    let outcome;
    for (let i = 0; i < LOGIN_RULES.lockoutFailures - 1; i++) {
      outcome = await attempt({ email: member.email, password: wrongPassword }, at(t0, i * 1000));
    }
    expect(answer(outcome!)).not.toEqual({ message: LOCKED, status: 423 });
    expect(await lockMails(member.email)).toEqual([]);

    const ip = "192.0.2.99";
    outcome = await attempt({ email: member.email, password: wrongPassword, ip }, at(t0, 5000));
    expect(answer(outcome)).toEqual({ message: LOCKED, status: 423 });
    const mails = await lockMails(member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([member.email]);
    expect(mail!.subject).toBe("Your staff account was locked for 15 minutes");
    expect(mail!.text).toContain("Hello Dana Example,");
    expect(mail!.text).toContain("locked for 15 minutes");
    expect(mail!.text).toContain(at(t0, 5000).toUTCString());
    expect(mail!.text).toContain("A browser you have signed in with before can still sign in");
    expect(mail!.text).toContain("tell an admin");
    for (const secret of [wrongPassword, member.password, ip]) {
      expect(JSON.stringify(mail)).not.toContain(secret);
    }

    // Further refused attempts during the lock send nothing more.
    expect(answer(await attempt({ email: member.email }, at(t0, 6000)))).toEqual({
      message: LOCKED,
      status: 423,
    });
    expect(await lockMails(member.email)).toHaveLength(1);

    // An address nobody has is locked the same way, and no mail goes out.
    const unknown = "nobody-here@example.com";
    await lockFromElsewhere(unknown, t0);
    expect(await lockMails(unknown)).toEqual([]);
    const all = await world.database.db.select().from(mailMessages);
    expect(all.filter((row) => row.to.includes(unknown))).toEqual([]);
  });

  it("goes out again only for a new lock after the last one ended", async () => {
    const member = await createMember(world.deps, "editor");
    const t0 = new Date();
    const { cookie } = await signInFromBrowser(member.email, member.password, at(t0, -HOUR));
    const locked = await lockFromElsewhere(member.email, t0);
    // The trusted browser's own failures during the lock neither extend it nor mail again.
    for (let i = 0; i < LOGIN_RULES.lockoutFailures; i++) {
      await attempt({ email: member.email, cookieHeader: cookie }, at(locked, i * 1000));
    }
    expect(await lockMails(member.email)).toHaveLength(1);
    expect(
      answer(await attempt({ email: member.email, password: member.password }, at(locked, MINUTE))),
    ).toEqual({ message: "Account temporarily locked. Try again in 14 minutes.", status: 423 });

    await lockFromElsewhere(member.email, at(locked, LOGIN_RULES.lockoutMs + MINUTE));
    expect(await lockMails(member.email)).toHaveLength(2);
  });
});

describe("a disabled account", () => {
  it("answers exactly like an address nobody has, attempt after attempt", async () => {
    const member = await createMember(world.deps, "editor");
    await world.database.db.update(users).set({ banned: true }).where(eq(users.id, member.id));
    const t0 = new Date();
    const disabled = [];
    const unknown = [];
    for (let i = 0; i <= LOGIN_RULES.lockoutFailures; i++) {
      disabled.push(
        answer(await attempt({ email: member.email, password: member.password }, at(t0, i * 1000))),
      );
      unknown.push(
        answer(
          await attempt(
            { email: "never-had-an-account@example.com", password: member.password },
            at(t0, i * 1000),
          ),
        ),
      );
    }
    expect(disabled).toEqual(unknown);
    expect(disabled[0]).toEqual({ message: "Invalid email or password", status: 401 });
    // The real reason is kept on the server.
    const reasons = await world.database.db
      .select({ reason: loginAttempts.reason })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, member.email), eq(loginAttempts.success, false)));
    expect(reasons[0]).toEqual({ reason: "disabled" });
    // No lock e-mail for an account that cannot sign in.
    expect(await lockMails(member.email)).toEqual([]);
  });
});
