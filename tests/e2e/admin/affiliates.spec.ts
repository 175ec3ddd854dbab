import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seedAffiliates, type FixtureAffiliate } from "../support/affiliates";
import { expectNoViolations } from "../support/axe";
import { randomTestAddress } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";
import { createStaffAccount, flash, startSignedIn, type StaffLogin } from "../support/staff";

/**
 * The affiliate screens through their own forms (docs/REQUIREMENTS.md R2.13, R6.2). A
 * server of its own, on a database that already holds an application waiting for review
 * and an approved affiliate with clicks and leads. The tests run in order on it.
 */

test.describe.configure({ mode: "default" });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const APPLICANT = {
  name: "Riley Applicant",
  email: `applicant.${stamp}@example.com`,
  code: `riley-${stamp}`,
  status: "pending",
  howTheyKnow: "I design kitchens in Newton and my clients ask about bathrooms.",
} satisfies FixtureAffiliate;
const PARTNER = {
  name: "Harper Partner",
  email: `partner.${stamp}@example.com`,
  code: `harper-${stamp}`,
  status: "approved",
  clicks: 4,
  leads: ["won", "new"],
} satisfies FixtureAffiliate;

let dataDir: string | undefined;
let server: RunningServer | undefined;
let admin: StaffLogin;
let editor: StaffLogin;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start on a busy machine
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-affiliates-"));
  admin = createStaffAccount({ DATA_DIR: dataDir }, "owner@lumenbath.example", "admin");
  editor = createStaffAccount({ DATA_DIR: dataDir }, "writer@lumenbath.example", "editor");
  seedAffiliates(dataDir, [APPLICANT, PARTNER]);
  server = await startServer({ dataDir, env: { TRUST_PROXY: "true" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A page on this file's server, signed in as `login`, failing on console errors. */
async function signedIn(browser: Browser, login: StaffLogin) {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await startSignedIn(page, login, server!.baseUrl);
  return { page, problems };
}

/** Opens `to` and waits until React has taken over the page. */
async function open(page: Page, to: string) {
  const response = await page.goto(to);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("an admin finds the pending application, approves it, changes its code and sees both audited", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, problems } = await signedIn(browser, admin);
  await open(page, "/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Staff" })
    .getByRole("link", { name: "Affiliates" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Affiliates" })).toBeVisible();
  await expect(page.getByText("1 application is waiting for review.")).toBeVisible();

  await page.getByRole("link", { name: "Review applications (1)" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  const table = page.getByRole("table", { name: /Affiliates matching the filters/ });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await table.getByRole("link", { name: APPLICANT.name }).click();

  await expect(page.getByRole("heading", { level: 1, name: APPLICANT.name })).toBeVisible();
  await expect(region(page, "Profile")).toContainText(APPLICANT.howTheyKnow);
  const status = region(page, "Status");
  await expect(status).toContainText("Pending review");
  await status.getByRole("button", { name: "Approve" }).click();
  await expect(flash(page, "Affiliate approved.")).toBeVisible();
  await expect(status).toContainText("Approved");
  await expect(status.getByRole("button", { name: "Disable" })).toBeVisible();
  await expect(status.getByRole("button", { name: "Reject" })).toHaveCount(0);

  // Another affiliate's code is refused whatever its case; a free one is taken, and the
  // old code stays listed (its links still credit them).
  const code = region(page, "Referral code");
  await code.getByLabel("New code").fill(PARTNER.code.toUpperCase());
  await code.getByRole("button", { name: "Change code" }).click();
  await expect(code.getByText("Another affiliate has or had this code")).toBeVisible();
  await expect(code.getByLabel("New code")).toHaveValue(PARTNER.code.toUpperCase());
  const newCode = `riley-kitchens-${stamp}`;
  await code.getByLabel("New code").fill(newCode);
  await code.getByRole("button", { name: "Change code" }).click();
  await expect(flash(page, `Code changed to ${newCode}.`)).toBeVisible();
  await expect(code).toContainText(newCode);
  await expect(code).toContainText(APPLICANT.code);

  const events = region(page, "Event log");
  await expect(events).toContainText("Status changed");
  await expect(events).toContainText("Code changed");

  await open(page, "/admin/audit");
  const audit = page.getByRole("table", { name: "Audit events, newest first" });
  const statusEntry = audit.getByRole("row").filter({ hasText: "Affiliate status changed" });
  await expect(statusEntry).toHaveCount(1);
  await expect(statusEntry).toContainText(admin.email);
  await expect(statusEntry).toContainText(APPLICANT.email);
  await expect(statusEntry).toContainText("approved");
  const codeEntry = audit.getByRole("row").filter({ hasText: "Affiliate code changed" });
  await expect(codeEntry).toContainText(newCode);

  // The approval was mailed to them.
  await open(page, "/admin/mail");
  await expect(page.getByRole("row").filter({ hasText: APPLICANT.email }).first()).toContainText(
    "Your partner application is approved",
  );
  // The refused code was a 409 answer, which the browser's console reports.
  expect(problems).toEqual([
    "error: Failed to load resource: the server responded with a status of 409 (Conflict)",
  ]);
  await page.context().close();
});

test("disabling asks first and needs a reason; the list shows each affiliate's figures", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page, problems } = await signedIn(browser, admin);
  await open(page, "/admin/affiliates");
  await page.getByLabel("Search name, e-mail, company or code").fill(PARTNER.code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("row").filter({ hasText: PARTNER.name });
  // Clicks, leads, won, conversion.
  await expect(row.locator("td").nth(2)).toHaveText("4");
  await expect(row.locator("td").nth(3)).toHaveText("2");
  await expect(row.locator("td").nth(4)).toHaveText("1");
  await expect(row.locator("td").nth(5)).toHaveText("50%");
  await row.getByRole("link", { name: PARTNER.name }).click();

  await expect(page.getByRole("heading", { level: 1, name: PARTNER.name })).toBeVisible();
  await expect(
    region(page, "Leads (2)").getByRole("link", { name: /Referred Customer/ }),
  ).toHaveCount(2);
  const status = region(page, "Status");
  await status.getByRole("button", { name: "Disable" }).click();
  const dialog = page.getByRole("dialog", { name: /Disable Harper Partner\?/ });
  await dialog.getByRole("button", { name: "Disable" }).click();
  // Nothing is sent without a reason: the browser says so beside the field.
  await expect(status.getByText("Say why: the affiliate's record keeps it.")).toBeVisible();
  await expect(status).toContainText("Approved");

  await status.getByLabel("Reason").fill("Links posted on coupon sites");
  await status.getByRole("button", { name: "Disable" }).click();
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect(flash(page, "Affiliate disabled.")).toBeVisible();
  await expect(status).toContainText("Disabled");
  await expect(status).toContainText("Links posted on coupon sites");
  await expect(status.getByRole("button", { name: "Re-enable" })).toBeVisible();
  expect(problems).toEqual([]);
  await page.context().close();
});

/** The set-password link the admin's panel shows, as a path on this server. */
async function shownLink(page: Page, email: string) {
  const linkPanel = region(page, "Pass this link on yourself");
  await expect(linkPanel).toContainText(email);
  await expect(linkPanel).toContainText("/affiliate/reset-password?token=");
  const text = (await linkPanel.textContent()) ?? "";
  const link = /https?:\/\/\S+?\/affiliate\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The affiliate opens a password link and chooses `password` with it. */
async function choosePassword(partner: Page, link: string, password: string) {
  await partner.goto(link);
  await partner.getByLabel("New password").first().fill(password);
  await partner.getByLabel("New password again").fill(password);
  await partner.getByRole("button", { name: "Save password" }).click();
  await expect(partner.getByRole("heading", { name: "Your password is saved" })).toBeVisible();
}

test("an invitation without a mail server shows the admin the link to pass on, and later a password link", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, problems } = await signedIn(browser, admin);
  await open(page, "/admin/affiliates");
  const invite = region(page, "Invite an affiliate");
  const email = `invited.${stamp}@example.com`;
  await invite.getByLabel("Name").fill("Casey Invited");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await shownLink(page, email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Approved");
  await expect(row).toContainText(/casey-invited-\w{4}/);

  // Before they choose a password, the admin can send the invitation's link again.
  await row.getByRole("link", { name: "Casey Invited" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Casey Invited" })).toBeVisible();
  const signIn = region(page, "Sign-in");
  await expect(signIn).toContainText("Not chosen yet");
  await expect(signIn.getByRole("button", { name: "Send a new password link" })).toHaveCount(0);
  await signIn.getByRole("button", { name: "Send a new invitation link" }).click();
  const invitation = await shownLink(page, email);

  const partnerContext = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const partner = await partnerContext.newPage();
  await choosePassword(partner, invitation, "the first password Casey chose");

  // With a password, the admin can get them back in with a password link shown once here.
  await open(page, page.url());
  await expect(signIn).toContainText("Chosen");
  await expect(signIn.getByRole("button", { name: "Send a new invitation link" })).toHaveCount(0);
  await signIn.getByRole("button", { name: "Send a new password link" }).click();
  const reset = await shownLink(page, email);
  await expect(region(page, "Event log")).toContainText("Password link asked for");

  const newPassword = "a new password from the admin's link";
  await choosePassword(partner, reset, newPassword);
  await partner.goto("/affiliate/login");
  await partner.getByLabel("E-mail").fill(email);
  await partner.getByLabel("Password").fill(newPassword);
  await partner.getByRole("button", { name: "Sign in" }).click();
  await expect(partner).toHaveURL(/\/affiliate\/dashboard$/, { timeout: 15_000 });
  await partnerContext.close();

  expect(problems).toEqual([]);
  await page.context().close();
});

test("both screens have no axe violations", async ({ browser }) => {
  const { page } = await signedIn(browser, admin);
  await open(page, "/admin/affiliates");
  await expectNoViolations(page);
  await page.getByRole("link", { name: PARTNER.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: PARTNER.name })).toBeVisible();
  await expectNoViolations(page);
  await page.context().close();
});

test("an editor gets the guard's 403 answer on the affiliate screens (R6.2)", async ({
  browser,
}) => {
  const { page } = await signedIn(browser, editor);
  await open(page, "/admin/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Affiliates" }),
  ).toHaveCount(0);
  const response = await open(page, "/admin/affiliates");
  expect(response?.status()).toBe(403);
  await expect(
    page.getByText("Insufficient Permissions - You don't have permission to access this resource."),
  ).toBeVisible();
  await page.context().close();
});
