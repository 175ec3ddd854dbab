import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomTestAddress } from "../support/fixtures";
import { ROOT, startServer, type RunningServer } from "../support/server";

/**
 * `npm run admin:create` is the way back in for an admin who lost the password or locked
 * the account, on the embedded database: it refuses while the server has the database open
 * (the account would be lost), and once the server is stopped it sets a new password and
 * lifts the lock.
 */

const ADMIN = { email: "owner@lumenbath.example", password: "the owner's long password" };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" };

test.describe.configure({ mode: "serial" });

let dataDir: string;
const servers: RunningServer[] = [];

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lumen-admin-create-"));
});

test.afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs the command without blocking this process: while it runs, the test's idle
 * keep-alive connections to the server must still see the server close them, or the next
 * request would be sent on a socket the server has already closed.
 */
function adminCreate(): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
        "scripts/create-admin.ts",
        "--email",
        ADMIN.email,
        "--role",
        "admin",
      ],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
        timeout: 60_000,
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

async function signIn(server: RunningServer, password: string) {
  const response = await fetch(`${server.baseUrl}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomTestAddress(),
    },
    body: new URLSearchParams({ email: ADMIN.email, password }),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

test("admin:create refuses while the server runs, then recovers a locked account", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ dataDir, env: ENV });
  servers.push(server);
  for (let i = 0; i < 5; i++) await signIn(server, "not the password");
  expect(await signIn(server, ADMIN.password)).toBe(423);

  const refused = await adminCreate();
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(`in use by process ${server.process.pid}`);
  expect(refused.stderr).toContain("Stop the server first");
  expect(refused.stderr).toContain("DATABASE_URL");
  expect(refused.stdout).not.toContain("password");
  // The server was not disturbed.
  expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  expect(await signIn(server, ADMIN.password)).toBe(423);

  expect(await server.stop()).toBe(0);
  const reset = await adminCreate();
  expect(reset.stderr).toBe("");
  expect(reset.status).toBe(0);
  const password = /new password: (\S+)/.exec(reset.stdout)?.[1];
  expect(password).toBeTruthy();

  const restarted = await startServer({ dataDir, env: ENV });
  servers.push(restarted);
  expect(await signIn(restarted, ADMIN.password)).toBe(401);
  expect(await signIn(restarted, password!)).toBe(302);
  expect(await restarted.stop()).toBe(0);
});

test("after a crash, the lock the server left does not block admin:create", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ dataDir, env: ENV });
  servers.push(server);
  server.process.kill("SIGKILL");
  await server.exited;

  const reset = await adminCreate();
  expect(reset.stderr).toBe("");
  expect(reset.status).toBe(0);
  expect(reset.stdout).toMatch(/new password: \S+/);
});
