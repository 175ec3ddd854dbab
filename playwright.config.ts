import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { findTestBrowser } from "./scripts/ensure-browser.mjs";

/**
 * End-to-end tests in a real Chromium against the production build, served by
 * tests/e2e/global-setup.ts on a throw-away DATA_DIR. Workers inherit these variables.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), "lumen-e2e-"));
  // Made here, so the global teardown removes it (a folder given by the caller is kept).
  process.env.E2E_DATA_DIR_TEMPORARY = "true";
}
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL = baseURL;

const executablePath = findTestBrowser();
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // One worker more than cores, as for vitest: much of a browser test is waiting (for the
  // sign-in form's deliberate pause, a server of a test's own to start, the analytics
  // tracker's flush), and with one worker per core the cores were idle about half the run.
  // On a 2-core machine, three workers took 7.0 and 7.4 min against 8.1 to 9.0 with two,
  // with no test retried.
  workers: availableParallelism() + 1,
  forbidOnly: true,
  // One retry absorbs a test disturbed by the 2-core machine's load; the report names it "flaky".
  retries: 1,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL,
    // Only a failed test's second run records a trace (why: docs/ARCHITECTURE.md, Conventions).
    trace: "on-first-retry",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      testMatch: /(site|leads|admin|affiliate)\/.*\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // At a phone's size: the public site's layout, accessibility, first paint and use
      // before the scripts start, the consultation form, the staff screens whose layout changes on a phone (the frame,
      // the lead lists and cards) and the partner portal's pages (axe). Specs whose subject does not depend on the screen (HTML
      // validity, metadata and headings, the blog's lists and feeds, CSP, the content and
      // settings screens' rules) run once, on the desktop, to keep the suite fast.
      name: "mobile",
      testMatch: [
        /site\/(accessibility|before-scripts|errors|first-paint|layout)\.spec\.ts$/,
        /leads\/.*\.spec\.ts$/,
        /admin\/(shell|leads|inbox|spam|reviews)\.spec\.ts$/,
        /affiliate\/accessibility\.spec\.ts$/,
      ],
      use: { ...devices["Pixel 7"], launchOptions },
    },
    {
      // HTTP-level tests of the shared server (no browser page needed).
      name: "api",
      testMatch: "api/**/*.spec.ts",
      use: { launchOptions },
    },
    {
      // Starts servers of its own: configuration errors, shutdown, PostgreSQL mode.
      name: "platform",
      testMatch: "platform/**/*.spec.ts",
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      // Runs last: reads the shared server's log after every other test browsed the site.
      name: "server-log",
      testMatch: "server-log.spec.ts",
      dependencies: ["desktop", "mobile", "api", "platform"],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
});
