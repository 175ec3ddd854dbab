import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

for (const path of ALL_PUBLIC_PAGES) {
  test(`${path} has no axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expectNoViolations(page);
  });
}

test.describe("the 404 page", () => {
  // The browser reports the 404 answer in the console; see errors.spec.ts.
  test.use({ allowConsoleErrors: true });

  test("has no axe violations", async ({ page, consoleProblems }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expectNoViolations(page);
    expect(consoleProblems).toEqual([
      "error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
  });
});
