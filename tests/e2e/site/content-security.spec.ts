import type { Page } from "@playwright/test";
import { ALL_PUBLIC_PAGES } from "../../../app/modules/seo/public-routes";
import { contactForm } from "../leads/support";
import { expect, test } from "../support/fixtures";
import { e2eEditor, startSignedIn } from "../support/staff";

/**
 * The Content-Security-Policy forbids eval; no script of ours may even try it, since the
 * browser reports each attempt (a caught one too) as a violation. Zod's compiled checks
 * were such an attempt (app/modules/platform/zod-config.ts).
 */

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test.describe("public pages", () => {
  // A form sent before its script has loaded is checked by the server, whose 422 answer
  // the browser reports as a failed resource; that is the only console error allowed.
  test.use({ allowConsoleErrors: true });

  test("no public page breaks its Content-Security-Policy", async ({ page, consoleProblems }) => {
    test.setTimeout(90_000);
    await recordViolations(page);
    for (const path of ALL_PUBLIC_PAGES) {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    }
    // The consultation form checks what is typed with its schema.
    await page.goto("/reviews");
    const form = contactForm(page);
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();
    await expect(form.getByRole("alert")).toContainText("Please check the highlighted fields.");
    expect(await violations(page)).toEqual([]);
    for (const problem of consoleProblems) {
      expect(problem).toBe(
        "error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
      );
    }
  });
});

test("staff screens check their forms without breaking it either", async ({ page }) => {
  await recordViolations(page);
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/posts/new");
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(page.getByText("Choose an author.")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
