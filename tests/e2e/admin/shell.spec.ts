import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { e2eAdmin, signIn } from "../support/staff";

/** The staff area's frame: every navigation entry and menu button on one line. */

/** How many lines the element's text takes (its text's line boxes). */
const textLines = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });

test("the sidebar's links and buttons fit on one line, and the e-mail shows in full", async ({
  page,
}, testInfo) => {
  await signIn(page, e2eAdmin());
  await page.goto("/admin/dashboard");
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: "Open navigation" }).click();
  }
  const sidebar = page.locator("aside");
  const items = sidebar.locator("a, button");
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(9);
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    if (!(await item.isVisible())) continue;
    expect(await textLines(item), await item.innerText()).toBe(1);
  }
  await expect(sidebar.getByRole("link", { name: "My account" })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Sign out" })).toBeVisible();

  // The address is all there, wrapped rather than cut off.
  const email = sidebar.getByTitle(e2eAdmin().email);
  await expect(email).toHaveText(e2eAdmin().email);
  const clipped = await email.evaluate((node) => {
    const line = node.parentElement!;
    return line.scrollWidth > line.clientWidth;
  });
  expect(clipped).toBe(false);
});
