import { expect, randomTestAddress, test } from "../support/fixtures";
import { e2eAdmin, inviteMember, signIn, startSignedIn } from "../support/staff";

/**
 * A new member's own sign-in through the pages a person uses: the invitation's link sets
 * the password, then My account changes it (a wrong current password is answered beside
 * its field).
 */

test("a member sets their password from the link, then changes it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `account.${stamp}@example.com`;
  await startSignedIn(page, e2eAdmin());
  const link = await inviteMember(page, { name: `Account ${stamp}`, email, role: "editor" });

  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": randomTestAddress() },
  });
  const member = await context.newPage();
  await member.goto(link);
  await member.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const first = `first password ${stamp}`;
  await member.getByLabel("New password").first().fill(first);
  await member.getByLabel("New password again").fill("something else entirely");
  await member.getByRole("button", { name: "Set password" }).click();
  await expect(member.getByText("The two passwords are not the same.")).toBeVisible();
  await member.getByLabel("New password again").fill(first);
  await member.getByRole("button", { name: "Set password" }).click();
  await expect(member.getByRole("heading", { name: "Your password is set" })).toBeVisible();

  await signIn(member, { email, password: first });
  await member.goto("/admin/account");
  await member.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const panel = member.getByRole("region", { name: "Change password" });
  const second = `second password ${stamp}`;
  await panel.getByLabel("Current password").fill("not my password at all");
  await panel.getByLabel("New password").first().fill(second);
  await panel.getByLabel("New password again").fill(second);
  await panel.getByRole("button", { name: "Change password" }).click();
  const current = panel.getByLabel("Current password");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription(/That is not your current password\./);

  await panel.getByLabel("Current password").fill(first);
  await panel.getByLabel("New password").first().fill(second);
  await panel.getByLabel("New password again").fill(second);
  await panel.getByRole("button", { name: "Change password" }).click();
  await expect(
    member
      .getByRole("status")
      .filter({ hasText: "Password changed. Your other sessions were signed out." }),
  ).toBeVisible();

  // The new password is the one that signs in now.
  await context.clearCookies();
  await signIn(member, { email, password: second });
  await expect(member.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await context.close();
});
