// Shared by the benchmarks: a production server on a throw-away DATA_DIR, and autocannon runs.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsCurrent, ROOT, START_FILE } from "../lib/build-state.mjs";

export function ensureBuild() {
  if (buildIsCurrent()) return;
  console.log("Building the production bundle...");
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the production server on a free port and a throw-away DATA_DIR without waiting for
 * it, so a caller can stop it even while it starts (scripts/audit-pages.mjs on a signal).
 * `ready()` waits up to 60 s for /readyz and resolves true once it answers 200.
 */
export async function spawnServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-"));
  const child = spawn(process.execPath, [START_FILE], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: "ignore",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    baseUrl,
    process: child,
    dataDir,
    ready: async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !exited()) {
        try {
          if ((await fetch(`${baseUrl}/readyz`)).ok) return true;
        } catch {
          // starting
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

export async function startServer(env = {}) {
  const server = await spawnServer(env);
  await server.ready();
  return server;
}

export async function measure(url, { connections = 10, duration = 10, headers = {} } = {}) {
  // Warm up first so the figures describe a running server, not a cold one.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

export function printTable(rows) {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "requests", "errors"];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of body) console.log(line(row));
}
