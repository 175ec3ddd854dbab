// Finds a Chromium for the end-to-end tests, installing one when there is none.
// The tests prefer Debian's `chromium-headless-shell` (the old headless mode, the build
// Playwright itself runs headless tests in): on two cores it runs the suite about a quarter
// faster than the full browser's new headless mode. As root with apt, the shell is installed
// (and Debian's `chromium` when the shell is not packaged); else Playwright's own download.
// Prints the executable path on the last line (empty for Playwright's bundled browser).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

const firstExisting = (candidates) =>
  candidates.filter(Boolean).find((candidate) => existsSync(candidate));

/** The full browser: what Lighthouse audits pages in (`npm run audit:pages`). */
export function findChromium() {
  return firstExisting([process.env.CHROMIUM_PATH, ...FULL_BROWSERS]);
}

/** The browser the end-to-end tests drive: the headless shell when there is one. */
export function findTestBrowser() {
  return firstExisting([process.env.CHROMIUM_PATH, HEADLESS_SHELL, ...FULL_BROWSERS]);
}

function playwrightHasChromium() {
  try {
    const out = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "import { chromium } from 'playwright-core'; console.log(chromium.executablePath());",
      ],
      { encoding: "utf8" },
    ).trim();
    return existsSync(out);
  } catch {
    return false;
  }
}

/** apt-get install; with `refresh`, a failure is tried again after updating the lists. */
function aptInstall(pkg, { refresh }) {
  const run = (args) =>
    spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  return run(["install", "-y", pkg]) || (refresh && run(["update"]) && run(["install", "-y", pkg]));
}

export function ensureChromium() {
  const found = findTestBrowser();
  if (found === HEADLESS_SHELL || (found && process.env.CHROMIUM_PATH)) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Installing Debian's chromium-headless-shell package with apt-get...");
    // With a browser already here, one quick try: the tests can run in the full browser.
    if (aptInstall("chromium-headless-shell", { refresh: !found }) && existsSync(HEADLESS_SHELL)) {
      console.log(`Installed Chromium's headless shell at ${HEADLESS_SHELL}`);
      return HEADLESS_SHELL;
    }
    if (found) return found;
    console.log("No headless shell packaged: installing Debian's chromium package...");
    if (!aptInstall("chromium", { refresh: true }))
      throw new Error("apt-get could not install chromium");
    const installed = findChromium();
    if (!installed) throw new Error("chromium was installed but not found on the usual paths");
    console.log(`Installed Chromium at ${installed}`);
    return installed;
  }
  if (found) return found;
  if (playwrightHasChromium()) return "";
  console.log(
    "No Chromium found: downloading Playwright's Chromium (npx playwright install chromium)...",
  );
  const cli = path.join(import.meta.dirname, "..", "node_modules", ".bin", "playwright");
  const result = spawnSync(cli, ["install", "chromium"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("Playwright could not download Chromium");
  return "";
}

/**
 * The full browser, installed when missing: Lighthouse needs it (`npm run audit:pages`), and
 * so does the analytics journey test, whose visit must count as a person's. Debian's
 * `chromium` as root with apt, else Playwright's download (its full Chromium's path).
 */
export function ensureFullChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Installing Debian's chromium package (the full browser) with apt-get...");
    if (!aptInstall("chromium", { refresh: true }))
      throw new Error("apt-get could not install chromium");
    const installed = findChromium();
    if (!installed) throw new Error("chromium was installed but not found on the usual paths");
    return installed;
  }
  if (!playwrightHasChromium()) {
    console.log("No full Chromium found: downloading Playwright's Chromium...");
    const cli = path.join(import.meta.dirname, "..", "node_modules", ".bin", "playwright");
    if (spawnSync(cli, ["install", "chromium"], { stdio: "inherit" }).status !== 0)
      throw new Error("Playwright could not download Chromium");
  }
  return execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "import { chromium } from 'playwright-core'; console.log(chromium.executablePath());",
    ],
    { encoding: "utf8" },
  ).trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureChromium();
  console.log(found ? `Chromium: ${found}` : "Chromium: Playwright's bundled browser");
}
