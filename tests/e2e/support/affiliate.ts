import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Partners the browser tests start from (made by database-fixtures.ts before the server opens). */
export interface PartnerLogin {
  email: string;
  password: string;
  code: string;
  name: string;
}

const PASSWORD = "partner password for the tests";

/**
 * The partners: approved (the portal's pages), other (approved; never sees the first one's
 * data), devices (the authenticator), scopes (sign-out scopes end its sessions) and pending
 * (waiting for review). One set per Playwright project, as projects run side by side.
 */
export const PARTNER_KEYS = ["approved", "other", "devices", "scopes", "pending"] as const;
export type PartnerKey = (typeof PARTNER_KEYS)[number];
export const PARTNER_PROJECTS = ["desktop", "mobile", "api"] as const;

export function e2ePartner(key: PartnerKey, project: string): PartnerLogin {
  return {
    email: `${key}.${project}@partners.example`,
    password: PASSWORD,
    code: `e2e-${key}-${project}`,
    name: `${key[0]!.toUpperCase()}${key.slice(1)} Partner (${project})`,
  };
}

/** Signs a partner in through the form, as a person does. */
export async function signInPartner(page: Page, partner: PartnerLogin, returnTo?: string) {
  await page.goto(
    returnTo ? `/affiliate/login?returnTo=${encodeURIComponent(returnTo)}` : "/affiliate/login",
  );
  await page.getByLabel("E-mail").fill(partner.email);
  await page.getByLabel("Password").fill(partner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(returnTo ?? /\/affiliate\/dashboard$/, { timeout: 15_000 });
}

/** Signs a partner in over HTTP (the form's post), for request contexts. */
export async function signInPartnerRequest(request: APIRequestContext, partner: PartnerLogin) {
  const answer = await request.post("/affiliate/login", {
    form: { email: partner.email, password: partner.password },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(302);
}
