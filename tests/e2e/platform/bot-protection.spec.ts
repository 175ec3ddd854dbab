import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expectNoViolations } from "../support/axe";
import { startServer, type RunningServer } from "../support/server";

/**
 * Bot protection on (docs/REQUIREMENTS.md R4.2, R5.14, R8.4), on a server of its own so the
 * shared test server's settings stay as they are. A test browser reports
 * navigator.webdriver and a headless user agent: the browser's check scores it 1, so it
 * gets the block screen; a search engine's crawler is never blocked.
 */

const GOOGLEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36";

// One server for both tests.
test.describe.configure({ mode: "serial" });

let server: RunningServer | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000); // two starts on a busy machine
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bot-protection-"));
  // The first start makes and seeds the database; protection is switched on while no
  // server holds it (only one process may open the folder), then the server starts again.
  const first = await startServer({ dataDir });
  expect(await first.stop()).toBe(0);
  const pglite = await PGlite.create(path.join(dataDir, "db"));
  try {
    await pglite.query("update company_settings set bot_protection = true");
  } finally {
    await pglite.close();
  }
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

test("an automated browser sees 'Access Restricted' with 'Try Again', which checks again", async ({
  page,
}) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await page.goto(`${server!.baseUrl}/bathrooms`);
  // The page is there first; the check runs once the browser is idle.
  const heading = page.getByRole("heading", { level: 1, name: "Access Restricted" });
  await page.locator("html[data-bot-checked]").waitFor({ state: "attached", timeout: 15_000 });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText("could not confirm this visit came from a person")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoViolations(page);

  const retry = page.getByRole("button", { name: "Try Again" });
  await expect(retry).toBeVisible();
  const reloaded = page.waitForEvent("load");
  await retry.click();
  await reloaded;
  await expect(page.getByRole("heading", { level: 1, name: "Access Restricted" })).toBeVisible({
    timeout: 15_000,
  });
});

test("a search engine's crawler gets the page", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: GOOGLEBOT });
  try {
    const page = await context.newPage();
    await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
    await page.goto(`${server!.baseUrl}/bathrooms`);
    await page.locator("html[data-bot-checked]").waitFor({ state: "attached", timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Access Restricted");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  } finally {
    await context.close();
  }
});
