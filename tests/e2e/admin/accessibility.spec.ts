import { ADMIN_AREAS } from "../../../app/modules/staff/permissions";
import { expectNoViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn } from "../support/staff";
import { sendLeadRequest, uniqueVisitor } from "./lead-requests";

/**
 * Every staff screen an admin opens, with axe and unique ids: each area's own screen, and
 * the screens reached from them (a lead, a post, an affiliate, recording a payout). A new
 * area is checked as soon as it is listed in ADMIN_AREAS.
 */

const FOLLOWED_LINKS: Record<string, RegExp> = {
  "/admin/leads": /^\/admin\/leads\/[0-9a-f-]{36}$/,
  "/admin/posts": /^\/admin\/posts\/\d+\/edit$/,
  "/admin/affiliates": /^\/admin\/affiliates\/[0-9a-f-]{36}$/,
  "/admin/payments": /^\/admin\/payments\/new$/,
};

for (const area of ADMIN_AREAS) {
  test(`${area.label} (${area.path}) has no axe violations and no repeated ids`, async ({
    page,
    request,
    baseURL,
  }) => {
    // The demo content has posts and affiliates but no leads.
    if (area.area === "leads") await sendLeadRequest(request, baseURL!, uniqueVisitor("Axe"));
    await startSignedIn(page, e2eAdmin());
    await page.goto(area.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoViolations(page);

    const followed = FOLLOWED_LINKS[area.path];
    if (!followed) return;
    const hrefs = await page
      .locator("#admin-main a[href]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const next = hrefs.find((href) => followed.test(href));
    expect(next, `a link matching ${followed} on ${area.path}`).toBeDefined();
    await page.goto(next!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoViolations(page);
  });
}

test("a table wider than the screen is a named region the keyboard can reach and scroll", async ({
  page,
}) => {
  // A staff list's table is at least 40rem wide, so on a phone it scrolls sideways; a long
  // value in a cell can make it do so on a laptop too.
  await page.setViewportSize({ width: 412, height: 823 });
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/audit");
  const table = page.getByRole("region", { name: "Audit events, newest first" });
  await expect(table).toBeVisible();
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await expectNoViolations(page);

  await table.focus();
  await expect(table).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});
