import { expect, test } from "../support/fixtures";
import { e2eAdmin, startSignedIn, withoutJavaScript } from "../support/staff";

/** The staff screen through its own forms: invite, role change, disable. */

test("an admin invites a member, makes them an admin and disables them", async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Invitee ${stamp}`;
  const email = `invitee.${stamp}@example.com`;
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();

  // The browser checks with the action's own schema before anything is sent.
  const invite = page.getByRole("region", { name: "Invite a member" });
  await invite.getByLabel("E-mail").fill("not-an-address");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Enter their name.")).toBeVisible();
  await expect(invite.getByText("Enter an e-mail address like name@example.com.")).toBeVisible();
  await expect(invite.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  await invite.getByLabel("Name").fill(name);
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("editor");
  await invite.getByRole("button", { name: "Send invitation" }).click();

  // No SMTP on the test server: the link is shown once, to pass on.
  const linkPanel = page.getByRole("region", { name: "Pass this link on yourself" });
  await expect(linkPanel).toContainText(email);
  await expect(linkPanel).toContainText("/admin/set-password?token=");

  const member = page.getByRole("listitem").filter({ hasText: email });
  await expect(member).toContainText("Editor");
  await member.getByLabel(`Role of ${name}`).selectOption("admin");
  await member.getByRole("button", { name: "Change role" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Role changed to admin." }),
  ).toBeVisible();
  await expect(member.locator("span").getByText("Admin", { exact: true })).toBeVisible();

  await member.getByRole("button", { name: "Disable", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Disable Invitee/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Disable account" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Account disabled and signed out." }),
  ).toBeVisible();
  await expect(member.locator("span").getByText("Disabled", { exact: true })).toBeVisible();
  await expect(member.getByRole("button", { name: "Enable" })).toBeVisible();

  // The audit log names each change and who made it.
  await page.goto("/admin/audit");
  await expect(page.getByRole("table")).toContainText(e2eAdmin().email);
});

test.describe("without JavaScript", () => {
  test("the server answers beside the field and keeps what was typed", async ({
    browser,
    page: signedIn,
  }) => {
    await startSignedIn(signedIn, e2eAdmin());
    const page = await withoutJavaScript(browser, signedIn);
    await page.goto("/admin/staff");
    const invite = page.getByRole("region", { name: "Invite a member" });
    await invite.getByLabel("Name").fill("Second Account");
    await invite.getByLabel("E-mail").fill(e2eAdmin().email.toUpperCase());
    await invite.getByLabel("Role").selectOption("admin");
    await invite.getByRole("button", { name: "Send invitation" }).click();

    const again = page.getByRole("region", { name: "Invite a member" });
    await expect(
      again.getByText("There is already an account with this e-mail address."),
    ).toBeVisible();
    await expect(again.getByLabel("Name")).toHaveValue("Second Account");
    await expect(again.getByLabel("Role")).toHaveValue("admin");
    await expect(again.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await page.context().close();
  });
});
