import { hashPassword } from "better-auth/crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { openDatabase, type DatabaseHandle } from "../../../app/db/client.server";
import { insertAffiliate } from "../../../app/modules/affiliates/affiliate-records.server";
import { approveDueCommissions } from "../../../app/modules/affiliates/commissions.server";
import { randomTestAddress } from "../support/fixtures";
import { createDatabase, postgresReachable } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { createStaffAccount, startSignedIn, type StaffLogin } from "../support/staff";

/**
 * A commission from won job to payout, in real browsers, with the hold passed on a clock the
 * test controls (docs/REQUIREMENTS.md D8, decision 012): a referred lead is won for
 * $24,000.00; the affiliate sees the pending commission; the hold job, run with a clock 31
 * days ahead, approves it; the admin records the payout on /admin/payments/new; the
 * affiliate sees it paid and downloads the statement CSV, whose numbers match the admin's.
 * On PostgreSQL, so this test can run the hold job against the server's own database.
 */

let server: RunningServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let handle: DatabaseHandle | undefined;
let admin: StaffLogin;
const partner = {
  name: "Quincy Realty Partner",
  email: "quincy.partner@example.com",
  password: "quincy partner's long password",
  code: "quincy-realty",
};
let partnerId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  server = await startServer({ env: { DATABASE_URL: database.url, TRUST_PROXY: "true" } });
  admin = createStaffAccount({ DATABASE_URL: database.url }, "owner@lumenbath.example", "admin");
  handle = await openDatabase({ driver: "postgres", url: database.url });
  const passwordHash = await hashPassword(partner.password);
  partnerId = (await handle.transaction((tx) =>
    insertAffiliate(tx.db, { ...partner, status: "approved", passwordHash }),
  ))!;
});

test.afterAll(async () => {
  await handle?.close();
  if (server) expect(await server.stop()).toBe(0);
  await database?.drop();
});

async function browse(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server!.baseUrl,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  return context.newPage();
}

/** The text of the file a click downloads. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return readFileSync((await download.path())!, "utf8");
}

test("a referred job is won, held, approved, paid, and both statements agree", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A consultation request through the partner's link.
  const visitor = await browse(browser);
  const stamp = Date.now();
  const lead = await visitor.request.post("/api/leads", {
    headers: { Origin: server!.baseUrl },
    data: {
      firstName: "Morgan",
      lastName: `Referred${stamp}`,
      email: `morgan.${stamp}@example.com`,
      phone: "6175550133",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Referral",
      referralName: partner.name,
      agreeToContact: true,
      agreeToAllPresent: true,
      affiliate_code: partner.code,
    },
  });
  expect(lead.status()).toBe(201);

  // The admin wins it for $24,000.00.
  const office = await browse(browser);
  await startSignedIn(office, admin, server!.baseUrl);
  await office.goto(`/admin/leads?q=Referred${stamp}`);
  await office
    .getByRole("link", { name: new RegExp(`Referred${stamp}`) })
    .first()
    .click();
  await office.getByLabel("Move to").selectOption("won");
  await office.getByRole("textbox", { name: "Job value in dollars" }).fill("24,000.00");
  await office.getByRole("button", { name: "Change status" }).click();
  await expect(office.getByRole("region", { name: "Status history" })).toContainText("Won");

  // The affiliate sees it pending.
  const home = await browse(browser);
  await home.goto("/affiliate/login");
  await home.getByLabel("E-mail").fill(partner.email);
  await home.getByLabel("Password").fill(partner.password);
  await home.getByRole("button", { name: "Sign in" }).click();
  await expect(home).toHaveURL(/\/affiliate\/dashboard$/, { timeout: 15_000 });
  await home.goto("/affiliate/leads");
  const leads = home.getByRole("main");
  await expect(
    leads
      .getByText(/Pending until/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(leads.getByText("$500.00").filter({ visible: true }).first()).toBeVisible();

  // The hold passes: the hold job, with the clock 31 days ahead.
  const approved = await handle!.transaction((tx) =>
    approveDueCommissions(tx.db, new Date(Date.now() + 31 * 86_400_000)),
  );
  expect(approved.map((row) => row.affiliateId)).toEqual([partnerId]);
  await home.reload();
  await expect(
    leads.getByText("Approved", { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();

  // The admin pays it on /admin/payments/new.
  await office.goto("/admin/payments/new");
  await office.getByRole("link", { name: "Choose lines" }).click();
  await expect(office.getByRole("heading", { name: `Pay ${partner.name}` })).toBeVisible();
  await office.getByLabel("Paid by").selectOption("check");
  await office.getByLabel("Reference (optional)").fill("Check 2045");
  await office.getByRole("button", { name: "Record payout" }).click();
  await expect(
    office.getByRole("status").filter({ hasText: "Payout of $500.00 recorded." }),
  ).toBeVisible();

  // The affiliate sees it paid, and their statement's CSV matches the admin's.
  await home.goto("/affiliate/payouts");
  await expect(home.getByRole("main")).toContainText("$500.00");
  await expect(home.getByRole("main")).toContainText("Check 2045");
  await home.goto("/affiliate/leads");
  await expect(
    leads.getByText("Paid", { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await home.goto("/affiliate/statement");
  const theirs = await downloaded(home, () =>
    home.getByRole("link", { name: "Download CSV" }).click(),
  );
  await office.goto(`/admin/affiliates/${partnerId}`);
  const ours = await downloaded(office, () =>
    office.getByRole("link", { name: "Statement CSV" }).click(),
  );
  // The same lines, amounts and running balance on both sides: earned 500.00, paid it, owed 0.
  expect(theirs).toBe(ours);
  const lines = theirs.trim().split(/\r?\n/);
  expect(lines[0]).toContain("Balance (USD)");
  expect(lines.slice(1).map((line) => line.split(",").slice(-2).join(","))).toEqual([
    "500.00,500.00",
    "-500.00,0.00",
  ]);
  for (const page of [visitor, office, home]) await page.context().close();
});
