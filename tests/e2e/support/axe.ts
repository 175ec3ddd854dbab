import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
];

/** Runs axe on the hydrated page and fails with the rule ids and targets of every violation. */
export async function expectNoViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations.map((violation) => {
    const targets = violation.nodes.map((node) => `      ${node.target.join(" ")}`).join("\n");
    return `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n${targets}`;
  });
  expect(violations.length, `axe violations on ${page.url()}:\n${report.join("\n")}\n`).toBe(0);
}
