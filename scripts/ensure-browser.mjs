// Finds a Chromium for the end-to-end tests, installing one when there is none:
// Debian's `chromium` with apt when running as root, else Playwright's own download.
// Prints the executable path on the last line (empty for Playwright's bundled browser).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((candidate) => existsSync(candidate));
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

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium package with apt-get...");
    const run = (args) =>
      spawnSync("apt-get", args, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    if (run(["install", "-y", "chromium"]).status !== 0) {
      run(["update"]);
      if (run(["install", "-y", "chromium"]).status !== 0)
        throw new Error("apt-get could not install chromium");
    }
    const installed = findChromium();
    if (!installed) throw new Error("chromium was installed but not found on the usual paths");
    console.log(`Installed Chromium at ${installed}`);
    return installed;
  }
  if (playwrightHasChromium()) return "";
  console.log(
    "No Chromium found: downloading Playwright's Chromium (npx playwright install chromium)...",
  );
  const cli = path.join(import.meta.dirname, "..", "node_modules", ".bin", "playwright");
  const result = spawnSync(cli, ["install", "chromium"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("Playwright could not download Chromium");
  return "";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureChromium();
  console.log(found ? `Chromium: ${found}` : "Chromium: Playwright's bundled browser");
}
