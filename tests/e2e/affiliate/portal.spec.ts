import { totpCode } from "../../../app/modules/staff/test-support.server";
import { e2ePartner, signInPartner, type PartnerKey } from "../support/affiliate";
import { expect, randomTestAddress, test } from "../support/fixtures";

/**
 * The partner portal through the pages a person uses (docs/REQUIREMENTS.md R2.14, R4.9,
 * R5.10, R6.4, R8.3): the guard and the way back, the statuses that keep a partner out,
 * the forgotten password, the authenticator, and sign-out with a scope.
 */

/** This project's partner of that kind (projects run side by side). */
const partnerOf = (key: PartnerKey) => e2ePartner(key, test.info().project.name);

test.use({ extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() } });

test.describe("with refused answers", () => {
  // The browser reports the refusals' 4xx answers in the console.
  test.use({ allowConsoleErrors: true });
  const expectOnlyRefusals = (problems: string[]) =>
    expect(problems.filter((problem) => !/status of (401|403|422)/.test(problem))).toEqual([]);

  test("a visitor is sent to sign in and comes back to the page they asked for", async ({
    page,
    consoleProblems,
  }) => {
    await page.goto("/affiliate/profile");
    await expect(page).toHaveURL(/\/affiliate\/login\?returnTo=%2Faffiliate%2Fprofile$/);
    await page.getByLabel("E-mail").fill(partnerOf("approved").email);
    await page.getByLabel("Password").fill("not the right password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to sign in");
    await expect(page.getByLabel("E-mail")).toHaveValue(partnerOf("approved").email);
    await page.getByLabel("Password").fill(partnerOf("approved").password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/affiliate\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    expectOnlyRefusals(consoleProblems);
  });

  test("a partner waiting for review is told so, and gets no session", async ({
    page,
    consoleProblems,
  }) => {
    await page.goto("/affiliate/login");
    await page.getByLabel("E-mail").fill(partnerOf("pending").email);
    await page.getByLabel("Password").fill(partnerOf("pending").password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Your application is waiting for review. We will e-mail you as soon as it is approved.",
    );
    await page.goto("/affiliate/profile");
    await expect(page).toHaveURL(/\/affiliate\/login/);
    expectOnlyRefusals(consoleProblems);
  });

  test("with an authenticator, signing in takes a code; other devices end; it can be removed", async ({
    page,
    browser,
    baseURL,
    consoleProblems,
  }) => {
    test.setTimeout(90_000);
    const partner = partnerOf("devices");
    const otherDevice = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
    });
    const phone = await otherDevice.newPage();
    await signInPartner(phone, partner, "/affiliate/profile");

    await signInPartner(page, partner, "/affiliate/profile");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const panel = page.getByRole("region", { name: "Authenticator" });
    await panel.getByLabel("Your password").fill(partner.password);
    await panel.getByRole("button", { name: "Set up an authenticator" }).click();
    const key = (await panel.locator("p.font-mono").innerText())
      .replace(/^Setup key:\s*/, "")
      .replace(/\s+/g, "");
    const uri = `otpauth://totp/Partner?secret=${key}`;
    await panel.getByLabel("The six-digit code the app shows").fill("000000");
    await panel.getByRole("button", { name: "Turn on" }).click();
    await expect(panel.getByLabel("The six-digit code the app shows")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await panel.getByLabel("The six-digit code the app shows").fill(totpCode(uri));
    await panel.getByRole("button", { name: "Turn on" }).click();
    await expect(panel.getByText("On", { exact: true })).toBeVisible();

    // The other device's session ended: it is sent to sign in.
    await phone.goto("/affiliate/profile");
    await expect(phone).toHaveURL(/\/affiliate\/login/);

    // Signing in again: the password, then the code (aal1, then aal2).
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await expect(page).toHaveURL(/\/affiliate\/login$/);
    await page.getByLabel("E-mail").fill(partner.email);
    await page.getByLabel("Password").fill(partner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/affiliate\/login\/two-factor/);
    await page.goto("/affiliate/profile");
    await expect(page).toHaveURL(/\/affiliate\/login/);
    await page.goBack();
    await page.getByLabel("Six-digit code").fill(totpCode(uri));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/affiliate\/dashboard$/);

    await page.goto("/affiliate/profile");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await panel.getByLabel("A current code, to remove it").fill(totpCode(uri));
    await panel.getByRole("button", { name: "Remove the authenticator" }).click();
    await expect(panel.getByText("Off", { exact: true })).toBeVisible();
    await otherDevice.close();
    expectOnlyRefusals(consoleProblems);
  });
});

test("forgot password answers the same for any e-mail", async ({ page }) => {
  for (const email of [partnerOf("other").email, "nobody-here@example.com"]) {
    await page.goto("/affiliate/forgot-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await expect(page.getByText("No affiliate account found with this email")).toHaveCount(0);
  }
  // A used or made-up link: R8.3's words, and a way to ask for a new one.
  await page.goto("/affiliate/reset-password?token=made-up");
  await expect(page.getByRole("alert")).toContainText("Failed to update password");
  await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();
});

test("a partner updates their details, and a sign-out with an unknown scope fails", async ({
  page,
}) => {
  await signInPartner(page, partnerOf("other"), "/affiliate/profile");
  const details = page.getByRole("region", { name: "Your details" });
  await details.getByLabel("Company (optional)").fill("Cape Cod Realty Group");
  await details.getByLabel("Payout details").fill("Check to Cape Cod Realty Group");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your details are saved." }),
  ).toBeVisible();
  await page.reload();
  await expect(details.getByLabel("Company (optional)")).toHaveValue("Cape Cod Realty Group");

  // R8.3: 'Failed to sign out' for a sign-out the server cannot do.
  const answer = await page.request.post("/affiliate/logout", {
    form: { scope: "everywhere-else" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.headers().location).toBe("/affiliate/profile");
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to sign out" })).toBeVisible();
});

test("sign-out scopes: other devices end and this one stays; everywhere ends all", async ({
  page,
  browser,
  baseURL,
}) => {
  const partner = partnerOf("scopes");
  const device = async () => {
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
    });
    const tab = await context.newPage();
    await signInPartner(tab, partner, "/affiliate/profile");
    return tab;
  };
  const laptop = await device();
  await signInPartner(page, partner, "/affiliate/profile");
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  await devices.getByRole("button", { name: "Sign out on other devices" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Signed out on your other devices." }),
  ).toBeVisible();
  await laptop.goto("/affiliate/profile");
  await expect(laptop).toHaveURL(/\/affiliate\/login/);
  await page.reload();
  await expect(page).toHaveURL(/\/affiliate\/profile$/);

  const tablet = await device();
  await devices.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/affiliate\/login$/);
  await tablet.goto("/affiliate/profile");
  await expect(tablet).toHaveURL(/\/affiliate\/login/);
  await laptop.context().close();
  await tablet.context().close();
});
