import { expect, test } from "../support/fixtures";
import { e2eAdmin, inviteMember, startSignedIn } from "../support/staff";

/** The audit and mail logs, read through their filters and pages. */

test("the audit log filters by action and pages through one action's events", async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `audit${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await startSignedIn(page, e2eAdmin());
  // More exports than one page holds, each recorded with its filter.
  for (let i = 0; i < 55; i++) {
    const answer = await page.request.get(`/admin/leads/export?q=${stamp}`);
    expect(answer.status()).toBe(200);
  }

  await page.goto("/admin/audit");
  await page.getByLabel("Action").selectOption("leads.export");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=leads\.export/);
  await expect(page.getByLabel("Action")).toHaveValue("leads.export");

  const table = page.getByRole("table", { name: "Audit events, newest first" });
  const rows = table.locator("tbody tr");
  const whats = () => rows.locator("td:nth-child(3) span.font-semibold").allInnerTexts();
  // The address changes before the list is drawn: wait for the list itself (its next page
  // keeps the filter; the unfiltered list's newest events are these exports too).
  await expect(page.getByRole("link", { name: "Next page" })).toHaveAttribute(
    "href",
    /action=leads\.export/,
  );
  let seen = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    // Only the chosen action, and at most a page of it.
    const shown = await whats();
    expect(new Set(shown)).toEqual(new Set(["Leads exported"]));
    expect(shown.length).toBeLessThanOrEqual(50);
    const text = await table.innerText();
    seen += text.split(stamp).length - 1;
    const next = page.getByRole("link", { name: "Next page" });
    if (seen >= 55 || (await next.count()) === 0) break;
    expect(shown.length).toBe(50);
    await next.click();
    await expect(page).toHaveURL(new RegExp(`action=leads\\.export.*before=\\d+`));
    await expect.poll(() => table.innerText()).not.toBe(text);
  }
  expect(seen).toBe(55);

  // Reset shows every action again.
  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page.getByLabel("Action")).toHaveValue("");
});

test("the audit log names a redirect's changes in words: switched off reads On → Off", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const oldPath = `/e2e-audit-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await startSignedIn(page, e2eAdmin());
  await page.goto("/admin/redirects");
  const form = page.getByRole("region", { name: "Add a redirect" });
  await form.getByLabel("Old path").fill(oldPath);
  await form.getByLabel("Goes to").fill("/about-us");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirect added." })).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: oldPath })
    .getByRole("button", { name: "Switch off" })
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: "Redirect switched off." }),
  ).toBeVisible();

  // The rule's id, from its creation's entry (other tests change redirects meanwhile).
  await page.goto("/admin/audit?action=redirect.create");
  const table = page.getByRole("table", { name: "Audit events, newest first" });
  const created = table.getByRole("row").filter({ hasText: oldPath });
  await expect(created).toContainText("Redirect created");
  const target = (await created.getByText(/^redirect:\d+$/).innerText()).trim();

  // The filter offers it by name and code, like every action.
  await expect(
    page.getByLabel("Action").getByRole("option", { name: "Redirect changed (redirect.update)" }),
  ).toHaveCount(1);
  await page.goto("/admin/audit?action=redirect.update");
  const changed = table.getByRole("row").filter({ has: page.getByText(target, { exact: true }) });
  await expect(changed).toContainText("Redirect changed");
  await expect(changed).toContainText("isActive:");
  await expect(changed.getByRole("deletion")).toHaveText("On");
  await expect(changed.getByRole("insertion")).toHaveText("Off");
  await expect(changed).not.toContainText("{");
});

test("the mail log lists an invitation the product sent, with its link hidden", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `mail.${stamp}@example.com`;
  await startSignedIn(page, e2eAdmin());
  const link = await inviteMember(page, { name: `Mail ${stamp}`, email, role: "editor" });
  const token = new URL(link, "http://x").searchParams.get("token")!;

  await page.goto("/admin/mail");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Set your password");
  // The mail job takes it from the queue in a moment.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Kept (not sent)", { timeout: 1000 });
  }).toPass();
  await row.getByRole("link", { name: /Set your password/ }).click();
  const open = page.getByRole("region", { name: /Set your password/ });
  await expect(open).toContainText(email);
  await expect(open).toContainText("/admin/set-password?token=[hidden]");
  await expect(open).not.toContainText(token);

  await page.getByLabel("Status").selectOption("kept");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=kept/);
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
});
