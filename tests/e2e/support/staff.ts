import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { ROOT } from "./server";

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
