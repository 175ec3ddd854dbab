import { createHmac } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditEvents, users } from "~/db/schema";
import { ensureCompanySettings } from "~/db/seed";
import { createTestDatabase, openForFile, type TestDatabase } from "~/db/test-database.server";
import type { Actor } from "~/modules/audit/actor";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { createLogger } from "~/modules/platform/logger.server";
import type { AuthDeps } from "./auth.server";
import { attemptStaffLogin, type LoginOutcome } from "./sign-in-attempt.server";
import { createStaffAccount, generatePassword } from "./staff.server";
import type { StaffRole } from "./permissions";

/** Fixtures for the staff tests: a database with jobs, accounts, sign-ins, TOTP codes. */

export interface StaffTestWorld {
  database: TestDatabase;
  jobs: Jobs;
  deps: AuthDeps;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = new URL("http://127.0.0.1:5190/");

export async function startStaffTestWorld({
  publicUrl = TEST_PUBLIC_URL,
} = {}): Promise<StaffTestWorld> {
  const database = await createTestDatabase();
  await ensureCompanySettings(database.db);
  const jobs = await startJobs(database, createLogger({ level: "silent" }), {
    publicUrl,
    pollingIntervalSeconds: 0.5,
  });
  const deps: AuthDeps = {
    database,
    boss: jobs.boss,
    config: { authSecret: "a-test-secret-that-is-long-enough-0123456789", publicUrl },
  };
  return {
    database,
    jobs,
    deps,
    close: async () => {
      await jobs.stop();
      await database.destroy();
    },
  };
}

/** A staff world for this test file's tests, closed after them. */
export const staffTestWorldForFile = (options?: { publicUrl?: URL }): StaffTestWorld =>
  openForFile(
    () => startStaffTestWorld(options),
    (world) => world.close(),
  );

let accountCount = 0;

/** A staff account with a known password. */
export async function createMember(
  deps: AuthDeps,
  role: StaffRole,
  name = `Member ${++accountCount}`,
): Promise<{ id: string; email: string; password: string; name: string }> {
  const email = `member${Date.now()}${++accountCount}@example.com`;
  const password = generatePassword();
  const user = await createStaffAccount(deps, { email, password, role, name });
  return { id: user.id, email, password, name };
}

/** Signs in (no honeypot, no address, so no rate limit applies). */
export function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
  rememberMe = false,
): Promise<LoginOutcome> {
  return attemptStaffLogin(deps, {
    email,
    password,
    rememberMe,
    honeypot: "",
    ip: undefined,
    userAgent: "vitest",
  });
}

/** Request headers carrying the cookies a sign-in set. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  headers.set(
    "cookie",
    setCookies
      .map((cookie) => cookie.split(";")[0]!)
      .filter((pair) => !pair.endsWith("="))
      .join("; "),
  );
  return headers;
}

/** Signs in and returns the session's request headers. */
export async function sessionFor(
  deps: AuthDeps,
  email: string,
  password: string,
  rememberMe = false,
): Promise<Headers> {
  const outcome = await signIn(deps, email, password, rememberMe);
  if (outcome.kind !== "signed_in") throw new Error(`not signed in: ${JSON.stringify(outcome)}`);
  return cookieHeaders(outcome.setCookies);
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) for the secret of an otpauth:// URI. */
export function totpCode(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the URI");
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const number =
    ((digest[offset]! & 0x7f) << 24) |
    (digest[offset + 1]! << 16) |
    (digest[offset + 2]! << 8) |
    digest[offset + 3]!;
  return String(number % 1_000_000).padStart(6, "0");
}

/** Every audit entry of an action, newest first. */
export async function auditsOf(db: Database, action: string) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id));
}

/** The newest audit entry of an action. */
export async function latestAudit(db: Database, action: string) {
  const [event] = await auditsOf(db, action);
  return event;
}

/** The account behind an actor, for tests that act as a member without signing in. */
export async function insertActorAccount(
  db: Database,
  actor: Actor,
  name: string,
  role: StaffRole = "admin",
): Promise<void> {
  await db.insert(users).values({ id: actor.id, email: actor.email, name, role });
}
