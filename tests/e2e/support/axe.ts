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
  // Below-the-fold sections skip their layout until they near the viewport
  // (content-visibility: auto). axe reads colour contrast and target sizes from the layout,
  // and for a section it has just scrolled to, that layout may not be there yet: once, the
  // contact section's e-mail link on a phone was reported as covered. Laid out from the
  // start, every section is checked as a visitor who scrolled to it sees it.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  // Only violations are read: axe then stops gathering every passing element's details
  // (about a sixth of its time on a page).
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const report = violations.map((violation) => {
    const targets = violation.nodes.map((node) => `      ${node.target.join(" ")}`).join("\n");
    return `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n${targets}`;
  });
  expect(violations.length, `axe violations on ${page.url()}:\n${report.join("\n")}\n`).toBe(0);
  // axe no longer checks that ids are unique, and a repeated one breaks more than labels: a
  // button whose form="id" finds a wrapper before its form sends nothing (the QR codes screen
  // once revalidated no field after its first error).
  const repeated = await page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]")) {
      counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    }
    return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  });
  expect(repeated, `ids used more than once on ${page.url()}`).toEqual([]);
}
