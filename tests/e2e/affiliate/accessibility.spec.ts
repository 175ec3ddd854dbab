import { expectNoViolations } from "../support/axe";
import { e2ePartner, signInPartner, type PartnerKey } from "../support/affiliate";
import { expect, test } from "../support/fixtures";

/** This project's partner of that kind (projects run side by side). */
const partnerOf = (key: PartnerKey) => e2ePartner(key, test.info().project.name);

/** The partner portal's pages have no axe violations, signed out and signed in (R2.14). */

const PUBLIC_PAGES = [
  "/affiliate/login",
  "/affiliate/signup",
  "/affiliate/forgot-password",
  "/affiliate/reset-password?token=no-such-token",
];
const PORTAL_PAGES = [
  "/affiliate/dashboard",
  "/affiliate/links",
  "/affiliate/leads",
  "/affiliate/payouts",
  "/affiliate/statement",
  "/affiliate/profile",
];

for (const path of PUBLIC_PAGES) {
  test(`${path} has no axe violations`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expectNoViolations(page);
  });
}

test("every portal page has no axe violations", async ({ page }) => {
  test.setTimeout(90_000);
  await signInPartner(page, partnerOf("approved"), "/affiliate/profile");
  for (const path of PORTAL_PAGES) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expectNoViolations(page);
  }
});
