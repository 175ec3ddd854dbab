import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seedAffiliates, type FixtureAffiliate } from "../support/affiliates";
import { expectNoViolations } from "../support/axe";
import { randomTestAddress } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server";
import { createStaffAccount, startSignedIn, type StaffLogin } from "../support/staff";

/**
 * The admin side of commissions through its own forms (docs/REQUIREMENTS.md D8, R6.2): the
 * default rule in the settings, an affiliate's own rule, an adjustment and its void, and the
 * dashboard's money figures. A server of its own: the default rule changed here would
 * change what the shared server's partners earn. The tests run in order on it.
 */

test.describe.configure({ mode: "default" });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PARTNER = {
  name: "Quinn Commission",
  email: `quinn.${stamp}@example.com`,
  code: `quinn-${stamp}`,
  status: "approved",
} satisfies FixtureAffiliate;

let dataDir: string | undefined;
let server: RunningServer | undefined;
let admin: StaffLogin;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server start on a busy machine
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-commissions-"));
  admin = createStaffAccount({ DATA_DIR: dataDir }, "owner@lumenbath.example", "admin");
  seedAffiliates(dataDir, [PARTNER]);
  server = await startServer({ dataDir, env: { TRUST_PROXY: "true" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const page = await context.newPage();
  await startSignedIn(page, admin, server!.baseUrl);
  return page;
}

async function open(page: Page, to: string) {
  await page.goto(to);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const flash = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("the default rule is saved in dollars and shown in words", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedIn(browser);
  await open(page, "/admin/settings");
  const section = region(page, "Affiliate commissions");
  await expect(section.getByTestId("default-rule")).toContainText(
    "$500.00 per job, for jobs of $5,000.00 or more",
  );

  // Neither a flat amount nor a percentage is refused beside the field.
  await section.getByLabel("Flat amount per won job (dollars)").fill("");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Enter a flat amount, a percentage, or both.")).toBeVisible();

  await section.getByLabel("Flat amount per won job (dollars)").fill("250");
  await section.getByLabel("Percentage of the job's value").fill("5");
  await section.getByLabel("Cap on the percentage (dollars)").fill("2,000");
  await section.getByLabel("When both are set").selectOption("sum");
  await section.getByLabel("Minimum job value (dollars)").fill("8,000");
  await section.getByLabel("Hold period (days)").fill("14");
  await section.getByLabel("Minimum payout (dollars)").fill("75");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(flash(page, "Affiliate commissions saved.")).toBeVisible();
  await expect(section.getByTestId("default-rule")).toContainText(
    "$250.00 per job plus 5 % of the job (at most $2,000.00), for jobs of $8,000.00 or more; paid 14 days after the job is won, in payouts of $75.00 or more.",
  );
  await expect(section.getByLabel("Cap on the percentage (dollars)")).toHaveValue("2000");
  await expectNoViolations(page);
});

test("an affiliate gets a rule of their own, an adjustment, and its void", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedIn(browser);
  await open(page, "/admin/affiliates");
  await page.getByRole("link", { name: PARTNER.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: PARTNER.name })).toBeVisible();

  const rule = region(page, "Commission rule");
  await expect(rule.getByTestId("commission-rule-now")).toContainText(
    "The default rule: $250.00 per job plus 5 % of the job",
  );
  await rule.getByLabel("Flat amount per won job (dollars)").fill("");
  await rule.getByLabel("Percentage of the job's value").fill("12.5");
  await rule.getByLabel("Cap on the percentage (dollars)").fill("");
  await rule.getByLabel("Minimum job value (dollars)").fill("");
  await rule.getByRole("button", { name: "Give them their own rule" }).click();
  await expect(flash(page, "Their own commission rule is saved")).toBeVisible();
  await expect(rule.getByTestId("commission-rule-now")).toHaveText(
    "Their own rule: 12.5 % of the job.",
  );

  const panel = region(page, "Commissions");
  await expect(panel).toContainText("No commissions yet");
  await panel.getByLabel("Amount (dollars)").fill("-40");
  await panel.getByRole("button", { name: "Add adjustment" }).click();
  await expect(panel.getByText("Say why: the affiliate's commissions keep it.")).toBeVisible();
  await panel.getByLabel("Reason").fill("Returned fixture");
  await panel.getByRole("button", { name: "Add adjustment" }).click();
  await expect(flash(page, "Adjustment of -$40.00 added.")).toBeVisible();
  const table = panel.getByRole("table", { name: "Their commission lines, newest first" });
  const line = table.getByRole("row").filter({ hasText: "Returned fixture" });
  await expect(line).toContainText("Approved");
  await expect(line).toContainText("-$40.00");

  await line.getByText("Void", { exact: true }).click();
  await line.getByLabel(/Why void this/).fill("Entered by mistake");
  await line.getByRole("button", { name: "Void it" }).click();
  await expect(flash(page, "Commission voided.")).toBeVisible();
  const voided = table.getByRole("row").filter({ hasText: "Entered by mistake" });
  await expect(voided).toContainText("An admin's decision: Entered by mistake");
  await expect(voided.getByText("Void", { exact: true })).toHaveCount(1); // the badge alone
  await expectNoViolations(page);

  await rule.getByRole("button", { name: "Use the default rule instead" }).click();
  await expect(flash(page, "They earn under the default rule again")).toBeVisible();
  await expect(rule.getByTestId("commission-rule-now")).toContainText("The default rule:");
});

test("the dashboard shows the programme's money to an admin", async ({ browser }) => {
  const page = await signedIn(browser);
  await open(page, "/admin/dashboard");
  const money = page.getByRole("region", { name: "Affiliate commissions" });
  await expect(money).toContainText("Commissions owed");
  await expect(money).toContainText("Payouts this month");
  await expect(
    money.getByRole("region", { name: "Top affiliates by won job value" }),
  ).toBeVisible();
});
