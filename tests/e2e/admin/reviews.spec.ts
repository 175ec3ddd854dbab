import { expect, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn } from "../support/staff";

/** Review moderation through the Reviews screen, checked on the public /reviews page. */

test("hide a published review, see it gone from the site, find it among the hidden ones and publish it again", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/reviews");
  const list = page.getByRole("region", { name: /^Reviews/ });
  const shown = list.getByRole("listitem").filter({ hasText: "On the site" });
  // Each project takes a review of its own (they run side by side on one server).
  const count = await shown.count();
  const index = testInfo.project.name === "mobile" ? count - 2 : count - 1;
  const text = await shown.nth(index).locator("p.text-ink-soft").innerText();
  const excerpt = text.slice(0, 60);
  const row = list.getByRole("listitem").filter({ hasText: excerpt });

  await row.getByRole("button", { name: /^Hide the review by/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The review is hidden from the site." }),
  ).toBeVisible();
  await expect(row).toContainText("Hidden");
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(excerpt)).toHaveCount(0);

  // Among the hidden reviews only; published from there, the list stays filtered.
  await page.goto("/admin/reviews");
  const filters = page.getByRole("search");
  await filters.getByLabel("Status").selectOption({ label: "Hidden" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews\?status=hidden/);
  await expect(row).toHaveCount(1);
  await expect(list.getByRole("listitem").filter({ hasText: "On the site" })).toHaveCount(0);
  await row.getByRole("button", { name: /^Publish the review by/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The review is on the site." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/reviews\?status=hidden/);
  await expect(row).toHaveCount(0);
  await page.goto("/reviews");
  await expect(page.getByText(excerpt)).toHaveCount(1);
});
