import { expect, test, type Page } from "@playwright/test";
import { totpCode } from "../../../app/modules/staff/test-support.server";
import { randomTestAddress } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";

/**
 * A member enrols an authenticator under My account; from then on signing in asks for a
 * code after the password. A server of its own, so no other test meets the second step.
 */

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
let server: RunningServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start on a busy machine
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" },
  });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
});

async function signInWithPassword(page: Page) {
  await page.goto("/admin/login");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("textbox", { name: "E-mail" }).fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A code from a later 30-second step than `used`, as a phone would show next. */
async function freshCode(uri: string, used: string): Promise<string> {
  for (;;) {
    const code = totpCode(uri);
    if (code !== used) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test("enrol an authenticator, then sign in with password and code", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await signInWithPassword(page);
  await page.waitForURL(/\/admin\/dashboard/);

  await page.goto("/admin/account");
  const panel = page.getByRole("region", { name: "Authenticator" });
  await panel.getByLabel("Your password").fill(ADMIN.password);
  await panel.getByRole("button", { name: "Set up an authenticator" }).click();
  const key = (await panel.locator(".font-mono").innerText()).replace(/Setup key:|\s/g, "");
  const uri = `otpauth://totp/Lumen?secret=${key}`;
  const enrolCode = totpCode(uri);
  await panel.getByLabel("The six-digit code the app shows").fill(enrolCode);
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByRole("button", { name: "Turn off the authenticator" })).toBeVisible();

  // Signed out, signing in now takes a code too.
  await context.clearCookies();
  await signInWithPassword(page);
  await page.waitForURL(/\/admin\/login\/two-factor/);
  await page.getByLabel("Six-digit code").fill("000000" === enrolCode ? "111111" : "000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("That code did not match");
  await expect(page).toHaveURL(/\/admin\/login\/two-factor/);

  await page.getByLabel("Six-digit code").fill(await freshCode(uri, enrolCode));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await context.close();
});
