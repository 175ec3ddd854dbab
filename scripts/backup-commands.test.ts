import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * What `npm run backup` and `npm run restore` tell an operator when they cannot do the work
 * (docs/decisions/017); the work itself is proved in
 * app/modules/backups/backups.integration.test.ts and tests/e2e/platform/backup-restore.spec.ts.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const root = mkdtempSync(path.join(tmpdir(), "lumen-backup-commands-"));

afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [TSX, script, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("the backup commands", () => {
  it("with PostgreSQL name pg_dump and pg_restore and exit 2", async () => {
    const env = { DATABASE_URL: "postgres://db.example/lumen", DATA_DIR: path.join(root, "pg") };
    const [backup, restore] = await Promise.all([
      run("scripts/backup.ts", [], env),
      run("scripts/restore.ts", ["lumen.dump"], env),
    ]);
    expect(backup.status).toBe(2);
    expect(backup.stderr).toContain("pg_dump --format=custom");
    expect(restore.status).toBe(2);
    expect(restore.stderr).toContain("pg_restore --no-owner");
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it("refuse what they cannot use, changing nothing", async () => {
    const notABackup = path.join(root, "notes.tar");
    writeFileSync(notABackup, "x".repeat(4096));
    const target = path.join(root, "target");
    const [usage, invalid, empty] = await Promise.all([
      run("scripts/restore.ts", [], { DATA_DIR: target }),
      run("scripts/restore.ts", [notABackup], { DATA_DIR: target }),
      run("scripts/backup.ts", [], { DATA_DIR: path.join(root, "nothing") }),
    ]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run restore -- <backup file> [--replace]");
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toBe(
      `${notABackup} is not a backup that can be restored: it is not a tar archive. Nothing was changed.\n`,
    );
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain("nothing to back up");
    expect(existsSync(target)).toBe(false);
  });
});
