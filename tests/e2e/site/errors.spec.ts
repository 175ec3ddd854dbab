import { expect, test } from "../support/fixtures";

test.describe("unknown paths", () => {
  // The browser itself reports the 404 answer in the console; nothing else may appear.
  test.use({ allowConsoleErrors: true });

  test("answer 404 with 'Page not found' and 'Go Home'", async ({ page, consoleProblems }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(
      "Lumen Bath & Remodel | Luxury Bathroom Remodeling in New England",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
    expect(consoleProblems).toEqual([
      "error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
  });
});
