import { expect, test } from "../support/fixtures";
import { navigateInApp } from "../support/client-navigation";
import { e2eEditor, startSignedIn } from "../support/staff";

/** The 404 log (docs/REQUIREMENTS.md R4.12): a person's 404 reaches it, an editor dismisses it. */

// The browser itself reports each 404 answer in the console; nothing else may appear.
test.use({ allowConsoleErrors: true });

test("a missing page a person reached is in the log; an editor dismisses it and a new visit brings it back", async ({
  page,
  baseURL,
  consoleProblems,
}) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const path = `/old-bathroom-guide-${stamp}`;
  const referrer = new URL("/bathrooms", baseURL).href;

  const visit = await page.goto(`${path}?utm_source=newsletter`, { referer: `${referrer}?id=7` });
  expect(visit?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/not-found");
  await page.getByLabel("Sort").selectOption("recent");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=recent/);

  const row = page.getByRole("row").filter({ hasText: path });
  // Recorded without holding up the answer: it may take a moment to appear.
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  // The referrer's origin and path, without its query.
  await expect(row).toContainText(`${referrer} (1)`);
  await expect(row).not.toContainText("id=7");
  await expect(row.getByRole("link", { name: /^Create redirect/ })).toHaveAttribute(
    "href",
    `/admin/redirects?fromPath=${encodeURIComponent(path)}#new-redirect`,
  );

  await row.getByRole("button", { name: `Dismiss ${path}` }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Dismissed. It comes back if someone reaches it again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/sort=recent/);
  await expect(row).toHaveCount(0);

  await page.getByLabel("Show dismissed entries").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(row).toContainText("Dismissed");
  await expect(row.getByRole("button", { name: /^Dismiss/ })).toHaveCount(0);

  // Someone reaches it again: back in the list, counted twice.
  expect((await page.goto(path))?.status()).toBe(404);
  await page.goto("/admin/not-found?sort=recent");
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(1)).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(row).not.toContainText("Dismissed");

  for (const problem of consoleProblems) {
    expect(problem).toBe(
      "error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    );
  }
});

test("an editor turns a 404 log entry into a redirect: the old URL then answers 301, in HTTP and in the app", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const path = `/old-tile-guide-${testInfo.project.name}-${Date.now().toString(36)}`;
  expect((await page.goto(path))?.status()).toBe(404);

  await startSignedIn(page, e2eEditor());
  const row = page.getByRole("row").filter({ hasText: path });
  await expect(async () => {
    await page.goto("/admin/not-found?sort=recent");
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await row.getByRole("link", { name: /^Create redirect/ }).click();
  const form = page.getByRole("region", { name: "Add a redirect" });
  await expect(form.getByLabel("Old path")).toHaveValue(path);
  await form.getByLabel("Goes to").fill("/bathrooms");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirect added." })).toBeVisible();

  const answer = await request.get(path, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/bathrooms");
  const inApp = await navigateInApp(page, path, (url) => url.pathname === "/bathrooms");
  expect(inApp.sameDocument).toBe(true);
});
