import { eq } from "drizzle-orm";
import type { Actor } from "~/modules/audit/actor";
import { describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import { ACCOUNT_MESSAGES, changeOwnPassword } from "./account.server";
import { getAuth, sessionCookieName } from "./auth.server";
import { countSessions } from "./staff-admin.server";
import { staffFixtures } from "./staff-test-fixtures";
import { cookieHeaders, createMember, sessionFor, totpCode } from "./test-support.server";
import {
  cancelTotpSetup,
  confirmTotpSetup,
  disableTotp,
  pendingTotpSetup,
  startTotpSetup,
  TWO_FACTOR_MESSAGES,
} from "./two-factor.server";

const { world, lastAudit, signInKind, twoFactorOf } = staffFixtures();

async function sessionRows(userId: string) {
  return world.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** The request headers after applying Set-Cookie answers to the current ones. */
function withCookies(headers: Headers, setCookies: string[]): Headers {
  const jar = new Map(
    (headers.get("cookie") ?? "")
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const cookie of setCookies) {
    const pair = cookie.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (pair.endsWith("=") || /max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, pair);
  }
  return cookieHeaders([...jar.values()]);
}

describe("changing one's own password", () => {
  it("checks the input, ends other sessions, keeps this one (with its lifetime)", async () => {
    const member = await createMember(world.deps, "editor");
    const actor: Actor = { id: member.id, email: member.email, ip: "192.0.2.10" };
    const elsewhere = await sessionFor(world.deps, member.email, member.password, true);
    const here = await sessionFor(world.deps, member.email, member.password, false);
    const [hereBefore] = (await sessionRows(member.id)).sort(
      (a, b) => a.expiresAt.getTime() - b.expiresAt.getTime(),
    );
    expect(await countSessions(world.database.db, member.id)).toBe(2);

    const expectRefused = async (
      passwords: { currentPassword: string; confirmPassword: string },
      errors: Record<string, string>,
    ) => {
      const input = { ...passwords, password: "a new long password" };
      expect(await changeOwnPassword(world.deps, actor, here, input)).toEqual({
        ok: false,
        errors,
      });
    };
    await expectRefused(
      { currentPassword: member.password, confirmPassword: "a new long passwore" },
      { confirmPassword: ACCOUNT_MESSAGES.passwordsDiffer },
    );
    await expectRefused(
      { currentPassword: "not the password", confirmPassword: "a new long password" },
      { currentPassword: ACCOUNT_MESSAGES.currentPassword },
    );

    const changed = await changeOwnPassword(world.deps, actor, here, {
      currentPassword: member.password,
      password: "a new long password",
      confirmPassword: "a new long password",
    });
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    const name = sessionCookieName(world.deps.config);
    const cookie = changed.setCookies.find((value) => value.startsWith(`${name}=`));
    expect(cookie).toBeDefined();

    // One session is left: the new one, ending when this one would have (24 hours).
    const rows = await sessionRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBe(hereBefore!.expiresAt.getTime());
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(23 * 3600);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);

    const auth = getAuth(world.deps);
    expect(await auth.api.getSession({ headers: elsewhere })).toBeNull();
    expect(
      await auth.api.getSession({ headers: withCookies(here, changed.setCookies) }),
    ).not.toBeNull();

    expect(await signInKind(member)).toBe("refused");
    expect(await signInKind(member, "a new long password")).toBe("signed_in");
    const audit = await lastAudit("account.password");
    expect(audit).toMatchObject({ actorId: member.id, ipAddress: "192.0.2.10" });
    expect(JSON.stringify(audit)).not.toContain("a new long password");
  });
});

describe("the authenticator", () => {
  it("is set up with the password, confirmed with a code, and turned off with the password", async () => {
    const member = await createMember(world.deps, "admin", "Tess Totp");
    const actor: Actor = { id: member.id, email: member.email, ip: null };
    let headers = await sessionFor(world.deps, member.email, member.password, true);
    const [sessionBefore] = await sessionRows(member.id);

    expect(await pendingTotpSetup(world.deps, member)).toBeNull();
    expect(await startTotpSetup(world.deps, actor, headers, "wrong password")).toEqual({
      ok: false,
      errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
    });

    const started = await startTotpSetup(world.deps, actor, headers, member.password);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.uri).toMatch(/^otpauth:\/\/totp\//);

    // The pending setup shows the same URI Better Auth returned, with a QR code.
    const pending = await pendingTotpSetup(world.deps, member);
    expect(pending?.uri).toBe(started.uri);
    expect(pending?.secret).toBe(new URL(started.uri).searchParams.get("secret"));
    expect(pending?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not on until confirmed: the password alone still signs in.
    expect(await signInKind(member)).toBe("signed_in");

    expect(await confirmTotpSetup(world.deps, actor, headers, "12345")).toEqual({
      ok: false,
      errors: { code: TWO_FACTOR_MESSAGES.enterCode },
    });
    const wrongCode = String((Number(totpCode(started.uri)) + 500_000) % 1_000_000).padStart(
      6,
      "0",
    );
    expect(await confirmTotpSetup(world.deps, actor, headers, wrongCode)).toEqual({
      ok: false,
      errors: { code: TWO_FACTOR_MESSAGES.wrongCode },
    });

    const confirmed = await confirmTotpSetup(world.deps, actor, headers, totpCode(started.uri));
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    headers = withCookies(headers, confirmed.setCookies);
    expect((await twoFactorOf(member.id)).enabled).toBe(true);
    expect(await pendingTotpSetup(world.deps, member)).toBeNull();
    expect(await lastAudit("account.two_factor_enabled")).toMatchObject({ actorId: member.id });
    // The replaced session keeps its end (30 days, remembered), not a fresh one.
    const current = await getAuth(world.deps).api.getSession({ headers });
    expect(current).not.toBeNull();
    const mine = (await sessionRows(member.id)).find((row) => row.token === current!.session.token);
    expect(mine?.expiresAt.getTime()).toBe(sessionBefore!.expiresAt.getTime());

    // Sign-in now asks for a code.
    expect(await signInKind(member)).toBe("two_factor");
    expect(await startTotpSetup(world.deps, actor, headers, member.password)).toEqual({
      ok: false,
      errors: { form: TWO_FACTOR_MESSAGES.alreadyEnabled },
    });

    expect(await disableTotp(world.deps, actor, headers, "wrong password")).toEqual({
      ok: false,
      errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
    });
    const disabled = await disableTotp(world.deps, actor, headers, member.password);
    expect(disabled.ok).toBe(true);
    expect(await twoFactorOf(member.id)).toEqual({ enabled: false, authenticators: [] });
    expect(await lastAudit("account.two_factor_disabled")).toMatchObject({ actorId: member.id });
    expect(await signInKind(member)).toBe("signed_in");
  });

  it("a setup never confirmed can be cancelled", async () => {
    const member = await createMember(world.deps, "editor");
    const actor: Actor = { id: member.id, email: member.email, ip: null };
    const headers = await sessionFor(world.deps, member.email, member.password);
    expect((await startTotpSetup(world.deps, actor, headers, member.password)).ok).toBe(true);
    expect(await cancelTotpSetup(world.database.db, member.id)).toBe(true);
    expect(await pendingTotpSetup(world.deps, member)).toBeNull();
    expect(await confirmTotpSetup(world.deps, actor, headers, "123456")).toEqual({
      ok: false,
      errors: { form: TWO_FACTOR_MESSAGES.noSetup },
    });
  });

  it("limits password guesses per member", async () => {
    const member = await createMember(world.deps, "editor");
    const actor: Actor = { id: member.id, email: member.email, ip: null };
    const headers = await sessionFor(world.deps, member.email, member.password);
    let last;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = await startTotpSetup(world.deps, actor, headers, "wrong password");
    }
    expect(last).toMatchObject({ ok: false });
    expect(last && !last.ok && last.errors.password).toMatch(/^Too many password attempts/);
  });
});
