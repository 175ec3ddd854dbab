import { expect, test } from "../support/fixtures";
import { navigateInApp } from "../support/client-navigation";
import { e2eEditor, startSignedIn, withoutJavaScript } from "../support/staff";

/**
 * Redirect rules through the Redirects screen, signed in as an editor, checked as a
 * visitor's browser and a plain HTTP client see them (docs/REQUIREMENTS.md R12.3, R12.7).
 */

const unique = (label: string, project: string) =>
  `/e2e-${label}-${project}-${Date.now().toString(36)}`;

test("an editor adds a rule: the old path answers 301 to the new one, in HTTP and in the app", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const oldPath = unique("moved", testInfo.project.name);
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/redirects");
  const form = page.getByRole("region", { name: "Add a redirect" });
  await form.getByLabel("Old path").fill(`${oldPath.toUpperCase()}/`);
  await form.getByLabel("Goes to").fill("/about-us");
  await form.getByLabel("Kind").selectOption("301");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirect added." })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: oldPath });
  await expect(row).toContainText("/about-us");

  // A plain HTTP request: the query string is kept; HEAD answers the same.
  const answer = await request.get(`${oldPath}?utm_source=mail`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/about-us?utm_source=mail");
  const head = await request.head(`${oldPath.toUpperCase()}/`, { maxRedirects: 0 });
  expect(head.status()).toBe(301);

  // A navigation inside the app: the browser follows without loading a new document.
  const inApp = await navigateInApp(page, oldPath, (url) => url.pathname === "/about-us");
  expect(inApp.sameDocument).toBe(true);

  // The hits reach the list within a few seconds.
  await expect(async () => {
    await page.goto(`/admin/redirects?q=${encodeURIComponent(oldPath)}`);
    const hits = await page
      .getByRole("row")
      .filter({ hasText: oldPath })
      .getByRole("cell")
      .nth(3)
      .innerText();
    expect(Number(hits)).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 15_000 });

  // Switched off, the path is no longer redirected; then deleted after a confirmation.
  const listed = page.getByRole("row").filter({ hasText: oldPath });
  await listed.getByRole("button", { name: "Switch off" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Redirect switched off." }),
  ).toBeVisible();
  expect((await request.get(oldPath, { maxRedirects: 0 })).status()).toBe(404);
  await listed.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete redirect" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Redirect deleted." })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: oldPath })).toHaveCount(0);
});

test("a 410 rule answers 410 Gone", async ({ page, request }, testInfo) => {
  const gone = unique("gone", testInfo.project.name);
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/redirects");
  const form = page.getByRole("region", { name: "Add a redirect" });
  await form.getByLabel("Old path").fill(gone);
  await form.getByLabel("Kind").selectOption("410");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("row").filter({ hasText: gone })).toContainText("410");
  const answer = await request.get(gone, { maxRedirects: 0 });
  expect(answer.status()).toBe(410);
  expect(await answer.text()).toContain("This page was removed");
});

test.describe("a rule that makes a loop", () => {
  // The refusal is a 409 answer, which the browser's console reports as a failed resource.
  test.use({ allowConsoleErrors: true });

  test("is refused, with what was typed kept", async ({ page }, testInfo) => {
    await startSignedIn(page, e2eEditor());
    await page.goto("/admin/redirects");
    const form = page.getByRole("region", { name: "Add a redirect" });
    const loopA = unique("loop-a", testInfo.project.name);
    const loopB = unique("loop-b", testInfo.project.name);
    await form.getByLabel("Old path").fill(loopA);
    await form.getByLabel("Goes to").fill(loopB);
    await form.getByRole("button", { name: "Add redirect" }).click();
    // The list shows it once the page has its new data (the form is then a fresh one).
    await expect(page.getByRole("row").filter({ hasText: loopA })).toBeVisible();
    await form.getByLabel("Old path").fill(loopB);
    await form.getByLabel("Goes to").fill(loopA);
    await form.getByRole("button", { name: "Add redirect" }).click();
    await expect(form.getByText(/This would make a loop/)).toBeVisible();
    await expect(form.getByLabel("Old path")).toHaveValue(loopB);
  });
});

test("without JavaScript: the 404 log's link fills in the path, errors keep what was typed", async ({
  page: signedIn,
  browser,
  request,
}, testInfo) => {
  const oldPath = unique("nojs", testInfo.project.name);
  await startSignedIn(signedIn, e2eEditor());
  const page = await withoutJavaScript(browser, signedIn);
  await page.goto(`/admin/redirects?fromPath=${encodeURIComponent(oldPath)}#new-redirect`);
  const form = page.getByRole("region", { name: "Add a redirect" });
  await expect(form.getByLabel("Old path")).toHaveValue(oldPath);
  await form.getByLabel("Goes to").fill("not a path");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(form.getByText(/Use a path like \/new-page/)).toBeVisible();
  await expect(form.getByLabel("Old path")).toHaveValue(oldPath);
  await expect(form.getByLabel("Goes to")).toHaveValue("not a path");

  await form.getByLabel("Goes to").fill("/bathrooms/*");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(form.getByText(/Only a rule whose old path ends in \/\*/)).toBeVisible();
  await form.getByLabel("Goes to").fill("/bathrooms");
  await form.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText("Redirect added.")).toBeVisible();
  const answer = await request.get(oldPath, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/bathrooms");
  await page.context().close();
});

test("a CSV file is checked first, then imported with each bad row reported, and exported", async ({
  page,
  request,
}, testInfo) => {
  const base = unique("csv", testInfo.project.name);
  await startSignedIn(page, e2eEditor());
  await page.goto("/admin/redirects");
  const panel = page.getByRole("region", { name: "Import from CSV" });
  const file = {
    name: "redirects.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "fromPath,toPath,type,isActive",
        `${base}-one,/bathrooms,301,true`,
        `${base}-two,,302,true`,
        `${base}-three,/about-us,,`,
      ].join("\n"),
    ),
  };
  await panel.getByLabel("CSV file").setInputFiles(file);
  await panel.getByRole("button", { name: "Check the file" }).click();
  await expect(panel.getByRole("status")).toContainText(
    "Checked, nothing saved: 3 rows; 2 would be added, 0 would be replaced, 1 refused.",
  );
  await expect(panel.getByRole("row").filter({ hasText: `${base}-two` })).toContainText("3");
  expect((await request.get(`${base}-one`, { maxRedirects: 0 })).status()).toBe(404);

  await panel.getByLabel("CSV file").setInputFiles(file);
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByRole("status")).toContainText(
    "Imported: 3 rows; 2 were added, 0 were replaced, 1 refused.",
  );
  const answer = await request.get(`${base}-three?ref=csv`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()["location"]).toBe("/about-us?ref=csv");

  const exported = await page.request.get("/admin/redirects/export");
  expect(exported.headers()["content-type"]).toContain("text/csv");
  const csv = await exported.text();
  expect(csv).toContain(`${base}-one,/bathrooms,301,true,`);
  expect(csv).not.toContain(`${base}-two`);
});
