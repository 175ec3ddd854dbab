// `npm test`: every check, in order, stopping at the first failure.
// lint, format and types (side by side) -> unit and integration (PGlite) -> integration
// (PostgreSQL, when one is reachable) -> production build -> end-to-end in a real Chromium.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { ensureChromium, ensureFullChromium } from "./ensure-browser.mjs";
import { ensureNginx } from "./ensure-nginx.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const timings = [];

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${title}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs a check with its output held back, so checks running side by side do not interleave. */
function quietStep(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ title, status, seconds, output });
    });
  });
}

/** Waits for checks started together, prints each one's output in turn, stops on a failure. */
async function sideBySide(title, checks) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const results = await Promise.all(checks);
  for (const result of results) {
    if (result.output.trim()) console.log(result.output.trimEnd());
    console.log(`${result.status === 0 ? "✓" : "✖"} ${result.title} (${result.seconds} s)`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${title}: ${seconds} s`);
  const failed = results.filter((result) => result.status !== 0);
  if (failed.length) {
    console.error(`\n✖ ${failed.map((result) => result.title).join(", ")} failed`);
    process.exit(1);
  }
}

// The static checks are single-threaded and independent: side by side they take about as
// long as the slowest of them on a 2-core machine instead of their sum.
await sideBySide("lint (eslint), format (prettier) and types (react-router typegen + tsc)", [
  quietStep("lint (eslint)", bin("eslint"), [".", "--max-warnings=0"]),
  quietStep("format (prettier)", bin("prettier"), ["--check", "."]),
  // tsc reads the route types typegen writes, so these two run one after the other.
  quietStep("route types", bin("react-router"), ["typegen"]).then((typegen) =>
    typegen.status === 0 ? quietStep("typecheck (tsc)", bin("tsc"), []) : typegen,
  ),
]);

step("unit and integration tests on PGlite (vitest)", bin("vitest"), ["run"]);

const pgUrl = await postgresUrl();
if (pgUrl) {
  step("integration tests on PostgreSQL (vitest)", bin("vitest"), ["run", "integration"], {
    TEST_DB_DRIVER: "postgres",
    TEST_DATABASE_URL: pgUrl,
  });
} else {
  console.log(
    "\n• Skipped the PostgreSQL integration tests: no server at TEST_DATABASE_URL or 127.0.0.1:5432.",
  );
}

step("production build", process.execPath, [path.join(ROOT, "scripts", "build.mjs")]);

console.log("\n▶ browser for end-to-end tests");
const chromium = ensureChromium();
console.log(chromium ? `Using Chromium at ${chromium}` : "Using Playwright's Chromium");
// The headless shell is rightly counted as a bot; the analytics journey test visits as a
// person does, in the full browser.
const fullChromium = ensureFullChromium();
console.log(`The analytics journey test uses the full Chromium at ${fullChromium}`);

console.log("\n▶ nginx and openssl for the reverse-proxy test");
const proxyTools = ensureNginx();
console.log(
  proxyTools.nginx && proxyTools.openssl
    ? `Using nginx at ${proxyTools.nginx}`
    : "The reverse-proxy test will be skipped: nginx or openssl is missing",
);

step("end-to-end tests (Playwright, desktop and mobile)", bin("playwright"), ["test"], {
  FULL_CHROMIUM_PATH: fullChromium,
});

console.log(`\n✔ all checks passed\n  ${timings.join("\n  ")}`);
