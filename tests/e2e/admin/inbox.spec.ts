import { readFileSync } from "node:fs";
import { expect, isMobile, randomTestAddress, test } from "../support/fixtures";
import { e2eAdmin, e2eEditor, signIn, startSignedIn } from "../support/staff";

/** The staff area in a browser: a new lead through the pipeline, and an editor's limits. */

test("an admin finds the lead just submitted, moves it to won and exports it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `inbox.${stamp}@example.com`;
  const lastName = `Inbox${stamp}`;

  // A visitor's request, a moment ago.
  const created = await page.request.post("/api/leads", {
    headers: { "X-Forwarded-For": randomTestAddress(), Origin: baseURL! },
    data: {
      firstName: "Jordan",
      lastName,
      email,
      phone: "6175550123",
      service: "Bathroom Remodeling",
      projectType: "Home",
      source: "Google",
      agreeToContact: true,
      agreeToAllPresent: true,
      utm_source: "google",
      utm_campaign: "inbox-test",
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, e2eAdmin());
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest leads", exact: true })).toContainText(
    `Jordan ${lastName}`,
  );

  // The inbox, filtered down to this lead.
  if (isMobile(page)) await page.getByRole("button", { name: "Open navigation" }).click();
  await page
    .getByRole("navigation", { name: "Staff" })
    .getByRole("link", { name: "Leads" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.getByLabel("Search name, e-mail or phone").fill(email);
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByText("1 lead matches the filters.")).toBeVisible();

  await page
    .getByRole("link", { name: new RegExp(lastName) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Jordan ${lastName}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Where it came from" })).toContainText(
    "inbox-test",
  );

  // Won, with the job's value.
  await page.getByLabel("Move to").selectOption("won");
  await page.getByRole("textbox", { name: "Job value in dollars" }).fill("12,500");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.getByRole("region", { name: "Status history" })).toContainText("Won");
  await expect(page.getByRole("region", { name: "Status history" })).toContainText("$12,500.00");

  // The CSV export of the filtered list holds it, as won.
  await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
  const row = csv.split(/\r?\n/).find((line) => line.includes(email));
  expect(row).toBeDefined();
  expect(row).toContain("Won");
  expect(row).toContain("12500");
  expect(row).toContain("inbox-test");

  // Sign out.
  await page.goto("/admin/dashboard");
  if (isMobile(page)) await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.request.get("/admin/leads", { maxRedirects: 0 })).status()).toBe(401);
});

test.describe("an editor", () => {
  // The 403 page load is reported by the browser's console as a failed resource.
  test.use({ allowConsoleErrors: true });

  test("sees only the dashboard and content in the navigation, and 403 on the inbox", async ({
    page,
  }) => {
    await startSignedIn(page, e2eEditor());
    await page.goto("/admin/dashboard");
    if (isMobile(page)) await page.getByRole("button", { name: "Open navigation" }).click();
    const navigation = page.getByRole("navigation", { name: "Staff" });
    await expect(navigation.getByRole("link")).toHaveText([
      "Dashboard",
      "Posts",
      "Authors",
      "Categories",
      "Reviews",
      "Redirects",
      "Visualizer",
      "404 log",
      "QR codes",
      "QR analytics",
      "View the site",
    ]);

    const response = await page.goto("/admin/leads");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByText(
        "Insufficient Permissions - You don't have permission to access this resource.",
      ),
    ).toBeVisible();
  });
});
