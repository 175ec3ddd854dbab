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
  // Checked once React has taken the page over (every page sets data-hydrated then); after
  // that only the analytics script and the route manifest load, and neither changes the
  // page. Waiting for the network to rest instead cost half a second a page.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Below-the-fold sections skip their layout until they near the viewport
  // (content-visibility: auto). axe reads colour contrast and target sizes from the layout,
  // and for a section it has just scrolled to, that layout may not be there yet: once, the
  // contact section's e-mail link on a phone was reported as covered. Laid out from the
  // start, every section is checked as a visitor who scrolled to it sees it.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  // Only violations are read: axe then stops gathering every passing element's details
  // (about a sixth of its time on a page). Legacy mode runs axe in the page itself; the
  // default also opens a blank page to merge each frame's results, which doubled axe's time
  // (1.1 s to 0.55 s a page). Only cross-origin frames would go unchecked: our pages have
  // no frames, and their CSP (default-src 'self') allows none from elsewhere.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
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
