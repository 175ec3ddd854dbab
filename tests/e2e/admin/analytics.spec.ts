import { readFileSync } from "node:fs";
import { expectNoViolations } from "../support/axe";
import { E2E_ANALYTICS_PATH } from "../support/database-fixtures";
import { expect, test } from "../support/fixtures";
import { e2eAdmin, e2eEditor, startSignedIn } from "../support/staff";

/**
 * The analytics screen (docs/REQUIREMENTS.md R14.5): admins only, in the navigation, its
 * period chosen in the URL, every table downloadable as CSV, and accessible.
 */

test("an admin reads the figures, changes the period and downloads a table", async ({ page }) => {
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Staff" })
    .getByRole("link", { name: "Analytics", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Figures" })).toBeVisible();
  for (const figure of ["Visitors", "Sessions", "Page views", "Bounce rate", "Bots"]) {
    await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Funnel" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Leads and won jobs by first touch" }),
  ).toBeVisible();

  // The sample page's views by people, the bot's apart.
  const pages = page.getByRole("table", { name: /^Top pages,/ });
  const sample = pages.getByRole("row").filter({ hasText: E2E_ANALYTICS_PATH });
  await expect(sample.getByRole("cell")).toHaveText([E2E_ANALYTICS_PATH, "3", "2", "2"]);
  const botVisitors = page
    .getByRole("table", { name: /^Bots,/ })
    .getByRole("row")
    .filter({ hasText: "Bot visitors" });
  await expect(botVisitors.getByRole("cell").nth(1)).not.toHaveText("0");
  // The charts are drawn once the screen runs, with their figures in tables as well.
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expectNoViolations(page);

  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  await page.getByLabel("From (custom dates)").fill("2026-01-01");
  await page.getByLabel("To (custom dates)").fill("2026-01-31");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/period=custom&from=2026-01-01&to=2026-01-31/);
  await expect(page.getByText("Jan 1, 2026 to Jan 31, 2026, compared with")).toBeVisible();
  await expect(page.getByRole("table", { name: /^Top pages,/ })).toContainText(
    "Nothing in this period.",
  );

  await page.getByLabel("Period", { exact: true }).selectOption("last7");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/period=last7/);
  // The address changes before the new period is drawn; the link is built from what is drawn.
  const lastTouch = page
    .getByRole("navigation", { name: "Credit leads to" })
    .getByRole("link", { name: "Last touch" });
  await expect(lastTouch).toHaveAttribute("href", /period=last7/);
  await lastTouch.click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Leads and won jobs by last touch" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/period=last7&touch=last/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV of top pages" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^analytics-pages-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Page,Page views,Visitors,Sessions");
  expect(lines).toContain(`${E2E_ANALYTICS_PATH},3,2,2`);

  // A table or period that cannot be read is refused, never answered with another one.
  for (const query of ["table=secrets", "table=pages&period=custom&from=9999-12-31"]) {
    const refused = await page.request.get(`/admin/analytics/export.csv?${query}`);
    expect(refused.status(), query).toBe(400);
  }
});

test.describe("an editor", () => {
  // The guard's 403 answer is reported in the console.
  test.use({ allowConsoleErrors: true });

  test("gets the guard's 403 answer on the screen and on its CSV", async ({ page }) => {
    await startSignedIn(page, e2eEditor());
    const screen = await page.goto("/admin/analytics");
    expect(screen?.status()).toBe(403);
    const csv = await page.request.get("/admin/analytics/export.csv?table=pages", {
      maxRedirects: 0,
    });
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain(E2E_ANALYTICS_PATH);
    await page.goto("/admin/dashboard");
    await expect(
      page
        .getByRole("navigation", { name: "Staff" })
        .getByRole("link", { name: "Analytics", exact: true }),
    ).toHaveCount(0);
  });
});
