import { readFileSync } from "node:fs";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { e2eAdmin, e2eEditor, startSignedIn } from "../support/staff";

/**
 * The payout screens (docs/REQUIREMENTS.md R2.13, D8: /admin/payments/new): admins only, in
 * the navigation, and accessible.
 */

test("an admin finds Payouts in the navigation and both screens have no axe violations", async ({
  page,
}) => {
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Staff" })
    .getByRole("link", { name: "Payouts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expectNoViolations(page);
  // Every affiliate's statement for a period, as one CSV file.
  const exporter = page.getByRole("form", { name: "Export every affiliate's statement" });
  await exporter.getByLabel("From").fill("2026-01-01");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    exporter.getByRole("button", { name: "Export statements" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split(/\r?\n/)[0]).toContain("Balance (USD)");
  await page.getByRole("link", { name: "Record a payout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Record a payout" })).toBeVisible();
  await expectNoViolations(page);
});

test.describe("an editor", () => {
  // The guard's 403 answer is reported in the console.
  test.use({ allowConsoleErrors: true });

  test("gets the guard's 403 answer on the payout screens", async ({ page }) => {
    await startSignedIn(page, e2eEditor());
    for (const path of ["/admin/payments", "/admin/payments/new"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });
});
