import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { ROOT } from "./server";

/** The toast that tells a staff or partner action's outcome ("Affiliate approved."). */
export const flash = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

export interface StaffLogin {
  email: string;
  password: string;
}

/**
 * Creates a staff account with the operators' command (before the server opens the
 * embedded database) and returns the password it printed.
 */
export function createStaffAccount(
  env: Record<string, string>,
  email: string,
  role: "admin" | "editor",
): StaffLogin {
  const output = execFileSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      "scripts/create-admin.ts",
      "--email",
      email,
      "--role",
      role,
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      encoding: "utf8",
    },
  );
  const password = /password: (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`No password in the output of admin:create: ${output}`);
  return { email, password };
}

export const e2eAdmin = (): StaffLogin => ({
  email: process.env.E2E_ADMIN_EMAIL ?? "",
  password: process.env.E2E_ADMIN_PASSWORD ?? "",
});
export const e2eEditor = (): StaffLogin => ({
  email: process.env.E2E_EDITOR_EMAIL ?? "",
  password: process.env.E2E_EDITOR_PASSWORD ?? "",
});

/** Signs in through the form, as a person does. */
export async function signIn(
  page: Page,
  login: StaffLogin,
  options: { rememberMe?: boolean } = {},
) {
  await page.goto("/admin/login");
  await page.getByRole("textbox", { name: "E-mail" }).fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  if (options.rememberMe) await page.getByRole("checkbox", { name: /Remember me/ }).check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/(dashboard|account)/);
}

/**
 * Sessions made in this worker, by server and account: a test that is not about signing in
 * starts from one instead of going through the form again (the form has its own tests).
 */
const workerSessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();

/**
 * Starts `page` signed in as `login`: the first time in a worker through the sign-in form's
 * HTTP post (with the product's answer delay), then with the same session's cookie. A test
 * that ends its session (signs out, changes the password) signs in with `signIn` instead.
 */
export async function startSignedIn(
  page: Page,
  login: StaffLogin,
  /** The server the page's context is for (its baseURL): the shared one unless given. */
  server = process.env.E2E_BASE_URL,
) {
  const context = page.context();
  const key = `${server} ${login.email}`;
  const cookies = workerSessions.get(key);
  if (cookies) {
    await context.addCookies(cookies);
    return;
  }
  await signInRequest(context.request, login);
  workerSessions.set(key, await context.cookies());
}

/** Signs an HTTP client in (its cookie jar keeps the session). */
export async function signInRequest(request: APIRequestContext, login: StaffLogin): Promise<void> {
  const response = await request.post("/admin/login", {
    form: { email: login.email, password: login.password, returnTo: "/admin/dashboard" },
    maxRedirects: 0,
  });
  if (response.status() !== 302) {
    throw new Error(`Sign-in as ${login.email} answered ${response.status()}`);
  }
}

/**
 * Invites a member through the staff screen (signed in as an admin) and returns the
 * set-password link the screen shows once (the test server sends no e-mail).
 */
export async function inviteMember(
  page: Page,
  member: { name: string; email: string; role: "admin" | "editor" },
): Promise<string> {
  await page.goto("/admin/staff");
  const invite = page.getByRole("region", { name: "Invite a member" });
  await invite.getByLabel("Name").fill(member.name);
  await invite.getByLabel("E-mail").fill(member.email);
  await invite.getByLabel("Role").selectOption(member.role);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const linkPanel = page.getByRole("region", { name: "Pass this link on yourself" });
  await linkPanel.getByText(member.email).waitFor();
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[\w-]+/.exec(
    await linkPanel.innerText(),
  )?.[0];
  if (!link) throw new Error(`No set-password link shown for ${member.email}`);
  return new URL(link).pathname + new URL(link).search;
}

/**
 * A page in the same session as `signedIn`, with JavaScript off: how a staff form behaves
 * before (or without) its scripts. Close it with `page.context().close()`.
 */
export async function withoutJavaScript(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({
    // A page still blank (started with `startSignedIn`) is on the shared server.
    baseURL: signedIn.url().startsWith("http")
      ? new URL(signedIn.url()).origin
      : process.env.E2E_BASE_URL,
    javaScriptEnabled: false,
    storageState: await signedIn.context().storageState(),
  });
  return context.newPage();
}
