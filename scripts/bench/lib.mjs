// Shared by the benchmarks: a production server on a throw-away DATA_DIR, and autocannon runs.
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
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
 * The node options `npm start` gives the server (package.json's start script, e.g. the
 * young generation's size, docs/decisions/018), so a benchmark measures the server as it
 * runs in production.
 */
export function startScriptNodeOptions() {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const words = String(scripts.start).split(/\s+/);
  if (words[0] !== "node") return [];
  const options = [];
  for (const word of words.slice(1)) {
    if (!word.startsWith("--")) break;
    options.push(word);
  }
  return options;
}

/**
 * The environment the production setups give the server besides its configuration: glibc's
 * malloc threshold, set by the systemd unit and the container image (deploy/lumen.service,
 * deploy/Dockerfile; docs/decisions/018). Not in the start script: npm runs scripts with
 * cmd.exe on Windows, where `NAME=value command` is no command.
 */
export const PRODUCTION_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: "4194304" };

/**
 * Spawns the production server on a free port and a throw-away DATA_DIR without waiting for
 * it, so a caller can stop it even while it starts (scripts/audit-pages.mjs on a signal).
 * `ready()` waits up to 60 s for /readyz and resolves true once it answers 200.
 * An `env` value of undefined removes that variable (e.g. a DATABASE_URL of the shell).
 * Options: `dataDir` to reuse a folder, `logFile` to keep the server's output, `nodeArgs`
 * for node itself (e.g. `--cpu-prof`, which NODE_OPTIONS does not allow).
 */
export async function spawnServer(env = {}, { dataDir, logFile, nodeArgs = [] } = {}) {
  const port = await freePort();
  dataDir ??= mkdtempSync(path.join(tmpdir(), "lumen-bench-"));
  const merged = {
    ...PRODUCTION_ENVIRONMENT,
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const output = logFile ? openSync(logFile, "a") : "ignore";
  const child = spawn(process.execPath, [...startScriptNodeOptions(), ...nodeArgs, START_FILE], {
    cwd: ROOT,
    env: merged,
    stdio: ["ignore", output, output],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const exit = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    baseUrl,
    process: child,
    dataDir,
    logFile,
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
    /** Sends `signal` (SIGTERM by default) unless it already ended; resolves with the exit code. */
    stop: (signal = "SIGTERM") => {
      if (!exited()) child.kill(signal);
      return exit;
    },
  };
}

export async function startServer(env = {}) {
  const server = await spawnServer(env);
  await server.ready();
  return server;
}

/** `redirect: true` when the answer measured is a redirect (a 3xx is then not an error). */
export async function measure(
  url,
  { connections = 10, duration = 10, headers = {}, redirect = false } = {},
) {
  // Warm up first so the figures describe a running server, not a cold one.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx - (redirect ? result["3xx"] : 0),
  };
}

/**
 * What a browser sends for a page: its user agent and the encodings it takes (brotli
 * first). The benchmarks measure pages as visitors get them, not as a bare client would.
 */
export const BROWSER_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-US,en;q=0.9",
};

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

/** The PostgreSQL server the benchmarks use when it is reachable (as the tests do). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresReachable() {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, empty database on that server: `query(sql, values)` runs in it, `drop()` removes it. */
export async function createPostgresDatabase(prefix = "lumen_bench") {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: async (sql, values) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(sql, values);
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** How npm passes `npm run x --name=value` on: as npm_config_name, not on the command line. */
const npmConfig = (name) => process.env[`npm_config_${name.replaceAll("-", "_")}`];

/**
 * The value of `--name=value` on the command line (`npm run x -- --name=value`, or
 * `npm run x --name=value`, which npm hands over in the environment), or `fallback`.
 */
export const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  npmConfig(name) ??
  fallback;

/** Whether the flag `--name` was given, either way `arg` reads. */
export const flag = (name) => process.argv.includes(`--${name}`) || npmConfig(name) === "true";

/** CPU time (user + system) the process `pid` has used so far, in ms. Linux only (/proc). */
export function processCpuMs(pid) {
  // With WEB_CONCURRENCY above 1 the server is a parent and its server processes.
  return [pid, ...childPids(pid)].reduce((sum, one) => sum + ownCpuMs(one), 0);
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), from field 3 on. */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

function ownCpuMs(pid) {
  try {
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0; // ended meanwhile
  }
}

/**
 * CPU time (ms) used so far by every process of a PostgreSQL server running on this
 * machine (its backends and its own workers), or undefined when there is none here.
 */
export function localPostgresCpuMs() {
  let total;
  for (const pid of processIds()) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      total = (total ?? 0) + ownCpuMs(pid);
    } catch {
      // ended while the list was read
    }
  }
  return total;
}

/** CPU time this benchmark's own process has used so far (not its servers'), in ms. */
export const ownProcessCpuMs = () => ownCpuMs(process.pid);

/** The ids of the running processes, from /proc (none where there is no /proc). */
function processIds() {
  try {
    return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return []; // no /proc: not Linux
  }
}

/** The running processes whose parent is `pid`. */
export function childPids(pid) {
  const children = [];
  for (const entry of processIds()) {
    try {
      if (Number(statFields(entry)[1]) === pid) children.push(Number(entry));
    } catch {
      // ended while the list was read
    }
  }
  return children;
}

/** WEB_CONCURRENCY for PostgreSQL runs (--processes=N; the embedded database takes one). */
export function serverProcessesOption() {
  const processes = Number(arg("processes", 1));
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
    console.error(`--processes must be a whole number from 1 to 64 (got "${arg("processes")}")`);
    process.exit(2);
  }
  return processes;
}

/** node's arguments for --cpu-prof=<dir>: a CPU profile of each server there, else none. */
export function cpuProfileNodeArgs() {
  const dir = arg("cpu-prof", "");
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The n-th address of 198.18.0.0/15 (the range set aside for benchmarks). */
export const benchAddress = (n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
