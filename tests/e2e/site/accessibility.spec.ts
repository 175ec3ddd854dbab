import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { expect, test } from "../support/fixtures";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];

/** Runs axe on the hydrated page and fails with the rule ids and targets of every violation. */
async function expectNoViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations.map((violation) => {
    const targets = violation.nodes.map((node) => `      ${node.target.join(" ")}`).join("\n");
    return `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n${targets}`;
  });
  expect(violations.length, `axe violations on ${page.url()}:\n${report.join("\n")}\n`).toBe(0);
}

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
