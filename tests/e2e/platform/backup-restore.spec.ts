import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomTestAddress } from "../support/fixtures";
import { parseLog, ROOT, startServer, type RunningServer } from "../support/server";

/**
 * `npm run backup` against a running production server with leads in it, then
 * `npm run restore` into a new DATA_DIR, a server started on it, and the leads found in the
 * staff area's export (docs/decisions/017).
 */

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" };

let root: string;
const servers: RunningServer[] = [];

test.beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "lumen-backup-restore-"));
});

test.afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** The operators' command, run without blocking this process (see admin-create.spec.ts). */
function command(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), script, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
        timeout: 120_000,
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function postLead(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/leads`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomTestAddress() },
    body: JSON.stringify({
      firstName: "Bailey",
      lastName: "Backup",
      email,
      phone: "6175550123",
      service: "Bathroom Remodeling",
      projectType: "Commercial",
      source: "Google",
      agreeToContact: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("a backup of a running server restores into a new DATA_DIR with every lead", async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(root, "live");
  mkdirSync(dataDir);
  const server = await startServer({ dataDir, env: ENV });
  servers.push(server);
  const emails = [1, 2, 3].map((n) => `backup-${n}-${Date.now()}@example.com`);
  for (const email of emails) await postLead(server, email);

  const backup = await command("scripts/backup.ts", [], dataDir);
  expect(backup.stderr).toBe("");
  expect(backup.status).toBe(0);
  expect(backup.stdout).toContain(
    `The server (process ${server.process.pid}) has the database open`,
  );
  const file = /Backup written: (\S+) \([\d.]+ MB, (\d+) leads?\)/.exec(backup.stdout);
  expect(file, backup.stdout).not.toBeNull();
  expect(Number(file![2])).toBeGreaterThanOrEqual(emails.length);
  // The server wrote it and said so, without anything that names a person.
  const log = readFileSync(server.logFile, "utf8");
  expect(parseLog(log).some((line) => line.msg === "backup written")).toBe(true);
  for (const email of emails) expect(log).not.toContain(email);
  // The server kept serving.
  expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

  const refused = await command("scripts/restore.ts", [file![1]!], dataDir);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(`in use by process ${server.process.pid}`);
  expect(refused.stderr).toContain("Nothing was changed");

  const restoredDir = path.join(root, "restored");
  const restore = await command("scripts/restore.ts", [file![1]!], restoredDir);
  expect(restore.stderr).toBe("");
  expect(restore.status).toBe(0);
  expect(restore.stdout).toMatch(new RegExp(`\\(${file![2]} leads?\\)`));
  expect(await server.stop()).toBe(0);

  const restored = await startServer({ dataDir: restoredDir, env: ENV });
  servers.push(restored);
  const login = await fetch(`${restored.baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomTestAddress(),
    },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  const cookie = login.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const exported = await fetch(`${restored.baseUrl}/admin/leads/export`, { headers: { cookie } });
  expect(exported.status).toBe(200);
  const csv = await exported.text();
  for (const email of emails) expect(csv).toContain(email);
  expect(await restored.stop()).toBe(0);
});
