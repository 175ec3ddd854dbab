import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, START_FILE } from "../support/server";

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-config-"));
  try {
    return spawnSync(process.execPath, [START_FILE], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("a bad configuration value stops the start with one line naming it", () => {
  const result = start({ PORT: "not-a-port" });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe(
    'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "not-a-port")',
  );
});

test("each bad variable gets its own line", () => {
  const result = start({ DATABASE_URL: "mysql://db/lumen", LOG_LEVEL: "chatty" });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split("\n")).toEqual([
    'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://db/lumen")',
    'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "chatty")',
  ]);
});

test("several server processes on the embedded database are refused before anything starts", () => {
  const result = start({ WEB_CONCURRENCY: "2" });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe(
    'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL, as the embedded database is opened by one process only (got "2")',
  );
});
