// `npm run bench:memory`: the server's resident memory (VmRSS of its process) after it
// started, after the burst of `npm run bench:burst` (visitors and leads), and after sitting idle, on the embedded
// database and then on PostgreSQL (a database of its own, created and dropped; skipped when
// none is reachable). The burst: `--connections` clients reading /tv (the waiting-room
// screen) as fast as they can for `--duration` seconds while `--leads` valid leads a second
// are posted (each from its own address, TRUST_PROXY=true). Prints, per database, the
// resident memory at each point with its anonymous (heap, WebAssembly memory) and file-backed
// (code) parts, the peak (VmHWM), and whether it is within the target after the burst
// (docs/decisions/018). The idle time counts from the burst's end. Linux only (/proc).
// Options: --idle=600 (s) --duration=20 (s) --connections=200 --leads=20 (per s)
//          --only=embedded|postgres --keep (keep each DATA_DIR with its server.log)
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runBurst } from "./burst.mjs";
import {
  arg,
  createPostgresDatabase,
  ensureBuild,
  flag,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  spawnServer,
} from "./lib.mjs";

const options = {
  idle: Number(arg("idle", 600)),
  duration: Number(arg("duration", 20)),
  connections: Number(arg("connections", 200)),
  leads: Number(arg("leads", 20)),
  only: arg("only", ""),
  keep: flag("keep"),
};
for (const key of ["idle", "duration", "connections", "leads"]) {
  if (!Number.isFinite(options[key]) || options[key] < 0) {
    console.error(`--${key} must be a positive number (got "${arg(key)}")`);
    process.exit(2);
  }
}

/** The most resident memory each database may hold after the burst, in MB (docs/REQUIREMENTS.md R16.4). */
const TARGET_MB = { embedded: 300, postgres: 150 };
/** Lets the start's own jobs (housekeeping, schedules) finish before the first reading. */
const SETTLE_AFTER_START_MS = 5_000;
/**
 * "After the burst" is read this long after its last answer: the server at rest again, its
 * in-flight work (deliveries, mail) done and its idle collection run (docs/decisions/018).
 * The reading at the burst's last answer is printed beside it.
 */
const SETTLE_AFTER_BURST_MS = 15_000;

/** The memory lines of /proc/<pid>/status, in MB. */
function residentMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024;
  return {
    rss: mb("VmRSS"),
    anon: mb("RssAnon"),
    file: mb("RssFile"),
    peak: mb("VmHWM"),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The burst of `npm run bench:burst` (scripts/bench/burst.mjs), summed up for the table. */
async function burst(baseUrl, tag) {
  const r = await runBurst({
    baseUrl,
    connections: options.connections,
    duration: options.duration,
    leadRate: options.leads,
    tag,
  });
  return {
    pages: r.page.requests,
    pageErrors: r.page.errors,
    leads: r.leads.sent,
    leadErrors: r.leads.errors,
    leadStatuses: Object.entries(r.leads.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(", "),
    pageTimeouts: r.page.timeouts,
  };
}

const cleanups = new Set();
process.once("SIGINT", async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(130);
});

async function runOne(kind, tag) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-memory-"));
  const logFile = path.join(dataDir, "server.log");
  let database;
  let server;
  let keepDataDir = options.keep;
  const cleanup = async () => {
    await server?.stop("SIGTERM");
    await database?.drop();
    if (keepDataDir) console.log(`  (${kind}: DATA_DIR kept at ${dataDir})`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    if (kind === "postgres") database = await createPostgresDatabase();
    server = await spawnServer(
      { TRUST_PROXY: "true", DATABASE_URL: database?.url, LOG_LEVEL: "warn" },
      { dataDir, logFile },
    );
    if (!(await server.ready())) {
      keepDataDir = true;
      throw new Error(`the ${kind} server did not become ready; see ${logFile}`);
    }
    const { pid } = server.process;
    await sleep(SETTLE_AFTER_START_MS);
    const afterStart = residentMemory(pid);
    console.log(`  ${kind}: ${afterStart.rss.toFixed(0)} MB after start; burst...`);
    const load = await burst(server.baseUrl, tag);
    const burstEnd = residentMemory(pid);
    await sleep(SETTLE_AFTER_BURST_MS);
    const afterBurst = residentMemory(pid);
    console.log(
      `  ${kind}: ${burstEnd.rss.toFixed(0)} MB at the burst's end, ${afterBurst.rss.toFixed(0)} MB ` +
        `${SETTLE_AFTER_BURST_MS / 1000} s later; idle for ${options.idle} s...`,
    );
    await sleep(Math.max(0, options.idle * 1000 - SETTLE_AFTER_BURST_MS));
    const afterIdle = residentMemory(pid);
    return { kind, afterStart, burstEnd, afterBurst, afterIdle, load };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

function printResults(results) {
  const idle = options.idle >= 60 ? `${(options.idle / 60).toFixed(1)} min` : `${options.idle} s`;
  const header = [
    "database",
    "after start",
    "burst's end",
    `after burst (+${SETTLE_AFTER_BURST_MS / 1000} s)`,
    `after ${idle} idle`,
    "peak",
    "target",
  ];
  const cell = (m) => `${m.rss.toFixed(0)} (${m.anon.toFixed(0)} + ${m.file.toFixed(0)})`;
  const rows = results.map((r) => [
    r.kind,
    cell(r.afterStart),
    cell(r.burstEnd),
    cell(r.afterBurst),
    cell(r.afterIdle),
    r.afterIdle.peak.toFixed(0),
    `${TARGET_MB[r.kind]} ${r.afterBurst.rss <= TARGET_MB[r.kind] ? "met" : "MISSED"}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log("\nResident memory in MB (anonymous + file-backed); the target is after the burst.");
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    console.log(
      `${r.kind}: burst served ${r.load.pages} pages (${r.load.pageErrors} errors) and ` +
        `${r.load.leads} leads (${r.load.leadErrors} not answered 201; answers: ${r.load.leadStatuses}); ` +
        `${r.load.pageTimeouts} page requests timed out.`,
    );
  }
}

ensureBuild();
const tag = `mem${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
console.log(
  `Burst: ${options.connections} connections on /tv for ${options.duration} s with ${options.leads} leads/s; ` +
    `then ${options.idle} s idle. Resident memory from /proc/<pid>/status.`,
);
const results = [];
for (const kind of ["embedded", "postgres"].filter((k) => !options.only || options.only === k)) {
  if (kind === "postgres" && !(await postgresReachable())) {
    console.log(
      `\nPostgreSQL: skipped (no server reachable at ${new URL(POSTGRES_ADMIN_URL).host})`,
    );
    continue;
  }
  results.push(await runOne(kind, `${tag}${kind[0]}`));
}
printResults(results);
