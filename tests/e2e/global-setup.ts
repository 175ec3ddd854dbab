import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { ROOT, startServer } from "./support/server";
import { createStaffAccount } from "./support/staff";
import { RECEIVER_SECRET, startWebhookReceiver } from "./support/webhook-receiver";

/**
 * One production server for the browser tests, on the throw-away DATA_DIR of the config,
 * delivering leads to a local webhook receiver. It trusts X-Forwarded-For so each test can
 * act as its own visitor address (the lead rate limit is per address).
 */
export default async function globalSetup() {
  try {
    return await startSharedServer();
  } catch (error) {
    removeTemporaryDataDir();
    throw error;
  }
}

/** The DATA_DIR playwright.config.ts made for this run, removed once the run is over. */
function removeTemporaryDataDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && process.env.E2E_DATA_DIR_TEMPORARY === "true") {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startSharedServer() {
  const receiver = await startWebhookReceiver();
  process.env.E2E_RECEIVER_URL = receiver.url;
  // Staff accounts for the admin tests, made the way an operator would.
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  const admin = createStaffAccount({ DATA_DIR: dataDir }, "admin@lumenbath.example", "admin");
  const editor = createStaffAccount({ DATA_DIR: dataDir }, "editor@lumenbath.example", "editor");
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_EDITOR_EMAIL = editor.email;
  process.env.E2E_EDITOR_PASSWORD = editor.password;
  // An author and categories for the post editor's tests, partners for the portal's.
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      "tests/e2e/support/database-fixtures.ts",
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" },
  );
  const server = await startServer({
    port: Number(process.env.E2E_PORT),
    dataDir: process.env.E2E_DATA_DIR,
    env: {
      TRUST_PROXY: "true",
      LEAD_WEBHOOK_URL: `${receiver.url}/leads`,
      LEAD_WEBHOOK_SECRET: RECEIVER_SECRET,
      // The receiver listens on loopback, which webhooks may not target by default.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    },
  });
  process.env.E2E_LOG_FILE = server.logFile;
  return async () => {
    const code = await server.stop("SIGTERM");
    await receiver.close();
    removeTemporaryDataDir();
    if (code !== 0) throw new Error(`The test server exited with code ${code} on SIGTERM`);
  };
}
