import { totpCode } from "../../../app/modules/staff/test-support.server";
import { contactForm, fillLeadForm, uniqueEmail, waitForFillTime } from "../leads/support";
import { expect, randomTestAddress, test } from "../support/fixtures";
import { e2eAdmin, flash, startSignedIn } from "../support/staff";

/**
 * The affiliate programme from application to won job, in real browsers (docs/REQUIREMENTS.md
 * R1.6, R2.14, R4.1, R6.4): a visitor applies, an admin approves, the partner signs in, sets
 * up an authenticator and signs in with a code, builds a tagged link; a second browser
 * follows it and asks for a consultation; the partner sees the click and the lead (first
 * name and initial only); the admin marks the lead won and the partner sees it.
 */

test("from application to a won referral", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const applicant = {
    name: `Morgan Realtor ${stamp}`,
    email: `morgan.${stamp}@example.com`,
    password: `morgan's long password ${stamp}`,
    code: `morgan-${stamp}`,
  };
  const browse = async () => {
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    return context.newPage();
  };

  // 1. A visitor applies.
  const partner = await browse();
  await partner.goto("/affiliate/signup");
  await partner.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await partner.getByLabel("Your name").fill(applicant.name);
  await partner.getByLabel("E-mail").fill(applicant.email);
  await partner.getByLabel("Phone").fill("(781) 555-0142");
  await partner
    .getByLabel("How do you know homeowners")
    .fill("I sell homes in Hingham and Cohasset.");
  await partner.getByLabel("Your referral code (optional)").fill(applicant.code);
  await partner.getByLabel("New password").first().fill(applicant.password);
  await partner.getByLabel("New password again").fill(applicant.password);
  const issuedAt = parseInt(
    (await partner.locator("input[name=formToken]").inputValue()).split(".")[0] ?? "0",
    36,
  );
  const wait = issuedAt + 3100 - Date.now();
  if (wait > 0) await partner.waitForTimeout(wait);
  await partner.getByRole("button", { name: "Send application" }).click();
  await expect(partner.getByRole("heading", { name: "Thank you for applying" })).toBeVisible();

  // 2. An admin approves the application.
  const admin = await browse();
  await startSignedIn(admin, e2eAdmin());
  await admin.goto(`/admin/affiliates?q=${encodeURIComponent(applicant.email)}`);
  await admin.getByRole("link", { name: applicant.name }).click();
  const status = admin.getByRole("region", { name: "Status", exact: true });
  await expect(status).toContainText("Pending review");
  await status.getByRole("button", { name: "Approve" }).click();
  // The panel always has an "Approved" row: the toast says the approval is saved.
  await expect(flash(admin, "Affiliate approved.")).toBeVisible();
  await expect(status.getByRole("button", { name: "Disable" })).toBeVisible();

  // 3. The partner signs in and sets up an authenticator...
  await partner.goto("/affiliate/login");
  await partner.getByLabel("E-mail").fill(applicant.email);
  await partner.getByLabel("Password").fill(applicant.password);
  await partner.getByRole("button", { name: "Sign in" }).click();
  await expect(partner).toHaveURL(/\/affiliate\/dashboard$/, { timeout: 15_000 });
  await partner.goto("/affiliate/profile");
  await partner.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const authenticator = partner.getByRole("region", { name: "Authenticator" });
  await authenticator.getByLabel("Your password").fill(applicant.password);
  await authenticator.getByRole("button", { name: "Set up an authenticator" }).click();
  const key = (await authenticator.locator("p.font-mono").innerText())
    .replace(/^Setup key:\s*/, "")
    .replace(/\s+/g, "");
  const uri = `otpauth://totp/Partner?secret=${key}`;
  await authenticator.getByLabel("The six-digit code the app shows").fill(totpCode(uri));
  await authenticator.getByRole("button", { name: "Turn on" }).click();
  await expect(authenticator.getByText("On", { exact: true })).toBeVisible();

  // ...and signs in again: the password, then a code.
  await partner.getByRole("button", { name: "Sign out" }).first().click();
  await partner.getByLabel("E-mail").fill(applicant.email);
  await partner.getByLabel("Password").fill(applicant.password);
  await partner.getByRole("button", { name: "Sign in" }).click();
  await expect(partner).toHaveURL(/\/affiliate\/login\/two-factor/, { timeout: 15_000 });
  await partner.getByLabel("Six-digit code").fill(totpCode(uri));
  await partner.getByRole("button", { name: "Continue" }).click();
  await expect(partner).toHaveURL(/\/affiliate\/dashboard$/, { timeout: 15_000 });

  // 4. A link to the bathrooms page, tagged, copied.
  await partner.goto("/affiliate/links");
  await partner.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await partner.getByLabel("Page", { exact: true }).selectOption("/bathrooms");
  await partner.getByLabel("Source (utm_source)").fill("newsletter");
  await partner.getByLabel("Campaign (utm_campaign)").fill("spring-open-house");
  await partner.getByRole("button", { name: "Build the link" }).click();
  const built = partner.getByRole("region", { name: "The link you built" });
  await built.getByRole("button", { name: /^Copy/ }).click();
  await expect(built.getByRole("status")).toContainText("Copied");
  const link = await partner.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(`/bathrooms?aff=${applicant.code}`);
  expect(link).toContain("utm_source=newsletter");
  expect(link).toContain("utm_campaign=spring-open-house");

  // 5. A second browser follows it and asks for a consultation.
  const visitor = await browse();
  const path = new URL(link).pathname + new URL(link).search;
  await visitor.goto(path);
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const lastName = `Referred${stamp}`;
  const form = contactForm(visitor);
  await form.scrollIntoViewIfNeeded();
  await fillLeadForm(form, {
    firstName: "Avery",
    lastName,
    email: uniqueEmail("referred"),
    phone: "(617) 555-0177",
    source: "Instagram",
  });
  await waitForFillTime(form);
  await form.getByRole("button", { name: "Request My Free Consultation" }).click();
  await expect(visitor).toHaveURL(/\/thank-you/, { timeout: 15_000 });

  // 6. The partner sees the click and the lead, masked.
  await partner.goto("/affiliate/dashboard");
  const figure = (label: string) =>
    partner
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(figure("Clicks")).toHaveText("1");
  await expect(figure("Leads")).toHaveText("1");
  await partner.goto("/affiliate/leads");
  const leads = partner.getByRole("main");
  await expect(leads.getByText("Avery R.").filter({ visible: true })).toBeVisible();
  await expect(leads.getByText(lastName)).toHaveCount(0);
  await expect(
    leads.getByText("New", { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();

  // 7. The admin marks the lead won; the partner sees it.
  await admin.goto(`/admin/leads?q=${encodeURIComponent(lastName)}`);
  await admin
    .getByRole("link", { name: new RegExp(lastName) })
    .first()
    .click();
  await admin.getByLabel("Move to").selectOption("won");
  await admin.getByRole("textbox", { name: "Job value in dollars" }).fill("24,000");
  await admin.getByRole("button", { name: "Change status" }).click();
  await expect(admin.getByRole("region", { name: "Status history" })).toContainText("Won");

  await partner.reload();
  await expect(
    leads.getByText("Won", { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  for (const page of [partner, admin, visitor]) await page.context().close();
});
