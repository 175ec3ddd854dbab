import { expect, test, type Browser } from "@playwright/test";
import { randomTestAddress } from "../support/fixtures";
import { createDatabase, postgresReachable } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";

/**
 * Staff sign-in limits and sessions on PostgreSQL shared by two server instances: what
 * one instance learns (failed attempts, a lockout) the other enforces; session lifetimes
 * are checked on the cookie and in the database, with JavaScript on and off.
 */

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
test.describe.configure({ mode: "serial" });

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let first: RunningServer | undefined;
let second: RunningServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  const env = {
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: "true",
    AUTH_SECRET: "a shared secret for both instances, 32+ chars",
  };
  first = await startServer({ env });
  second = await startServer({ env });
});

test.afterAll(async () => {
  if (first) expect(await first.stop()).toBe(0);
  if (second) expect(await second.stop()).toBe(0);
  await database?.drop();
});

async function signInAnswer(
  server: RunningServer,
  password: string,
  address = randomTestAddress(),
) {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
    body: new URLSearchParams({ email: ADMIN.email, password }),
    redirect: "manual",
  });
  const html = await response.text();
  return {
    status: response.status,
    alert: /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? "",
    ms: Date.now() - started,
  };
}

test("a lockout set through one instance holds on the other", async () => {
  test.setTimeout(60_000);
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await signInAnswer(first!, "not the password"));
  expect(answers.map((answer) => answer.alert)).toEqual([
    "Invalid email or password",
    "Invalid email or password",
    "Suspicious activity detected. Please contact support if you are a legitimate user.",
    "Suspicious activity detected. Please contact support if you are a legitimate user.",
    "Account temporarily locked. Try again in 15 minutes.",
  ]);
  // The right password, on the other instance, from another address: still locked.
  const other = await signInAnswer(second!, ADMIN.password);
  expect(other.status).toBe(423);
  expect(other.alert).toBe("Account temporarily locked. Try again in 15 minutes.");

  // No answer comes sooner than the 800 ms floor (a lower bound: never flaky).
  for (const answer of [...answers, other]) expect(answer.ms).toBeGreaterThanOrEqual(800);
  const { rows } = await database!.query(
    `select count(*)::int as n from login_attempts where email = '${ADMIN.email}'`,
  );
  expect(rows[0].n).toBe(6);
  // Unlock for the session tests (as the lockout's end would).
  await database!.query("delete from login_lockouts");
});

async function sessionLifetime(
  browser: Browser,
  server: RunningServer,
  javaScript: boolean,
  remember: boolean,
) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await page.goto("/admin/login");
  if (javaScript) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("textbox", { name: "E-mail" }).fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  if (remember) await page.getByRole("checkbox", { name: /Remember me/ }).check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "lumen.session_token");
  expect(cookie?.httpOnly).toBe(true);
  const cookieSeconds = cookie!.expires - Date.now() / 1000;
  const token = decodeURIComponent(cookie!.value).split(".")[0];
  const { rows } = await database!.query(
    `select extract(epoch from expires_at - now())::int as seconds from sessions where token = '${token}'`,
  );
  await context.close();
  return { cookieSeconds, databaseSeconds: Number(rows[0].seconds) };
}

for (const javaScript of [true, false]) {
  test(`remember me: 24 hours unticked, 30 days ticked (JavaScript ${javaScript ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const day = 24 * 60 * 60;
    const plain = await sessionLifetime(browser, first!, javaScript, false);
    expect(Math.abs(plain.cookieSeconds - day)).toBeLessThan(60);
    expect(Math.abs(plain.databaseSeconds - day)).toBeLessThan(60);
    const remembered = await sessionLifetime(browser, second!, javaScript, true);
    expect(Math.abs(remembered.cookieSeconds - 30 * day)).toBeLessThan(60);
    expect(Math.abs(remembered.databaseSeconds - 30 * day)).toBeLessThan(60);
  });
}
