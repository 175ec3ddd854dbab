// `npm run bench:events`: POST /api/events at full speed, on the embedded database and then
// on PostgreSQL (a database of its own, created and dropped; skipped when no server is
// reachable). `--connections` clients each send batches like the tracker's (`--events`
// page views and clicks a request) one after another (closed loop), each request from one
// of `--addresses` addresses of 198.18.0.0/15 (X-Forwarded-For with TRUST_PROXY=true), so
// the per-address limit (ANALYTICS_BATCHES_PER_MINUTE, 120 by default) is exercised but
// not reached. Prints, per database, the events per second accepted (answered 204), p50 and
// p99 latency, the answers by status, and whether the rows stored equal the events
// accepted; exits 1 when they differ.
// Options: --connections=32 --events=20 --duration=10 (s) --warmup=2 (s) --addresses=256
//          --gzip (compress the bodies) --only=embedded|postgres --keep (keep DATA_DIR)
import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  arg,
  benchAddress,
  createPostgresDatabase,
  ensureBuild,
  percentile,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  spawnServer,
} from "./lib.mjs";

const options = {
  connections: Number(arg("connections", 32)),
  events: Number(arg("events", 20)),
  duration: Number(arg("duration", 10)),
  warmup: Number(arg("warmup", 2)),
  addresses: Number(arg("addresses", 256)),
  gzip: process.argv.includes("--gzip"),
  only: arg("only", ""),
  keep: process.argv.includes("--keep"),
};
for (const key of ["connections", "events", "duration", "warmup", "addresses"]) {
  const value = options[key];
  if (!Number.isInteger(value) || value < (key === "warmup" ? 0 : 1)) {
    console.error(`--${key} must be a positive whole number (got "${arg(key)}")`);
    process.exit(2);
  }
}
if (options.events > 100) {
  console.error("--events must be at most 100 (a batch's limit)");
  process.exit(2);
}

const REQUEST_TIMEOUT_MS = 30_000;
const USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A batch as the tracker sends it: a page view and clicks, a visitor and session of the run. */
function batchBody(tag, n) {
  const now = Date.now();
  const events = Array.from({ length: options.events }, (_, i) =>
    i % 4 === 0
      ? {
          name: "page_view",
          path: "/bathrooms",
          search: "?utm_source=google&utm_medium=cpc&utm_campaign=bench&gclid=bench123",
          referrer: "https://www.google.com/",
          screen: "1280x800",
          ts: now - (options.events - i) * 100,
        }
      : { name: "phone_click", path: "/bathrooms", props: { place: "header", n: i }, ts: now },
  );
  const json = JSON.stringify({
    visitorId: `bench-${tag}-${n % 5000}`,
    sessionId: `bench-${tag}-s${n % 5000}`,
    bot: { isBot: false, confidence: 0, botType: "human" },
    events,
  });
  return options.gzip ? gzipSync(json) : Buffer.from(json);
}

function postBatch(baseUrl, agent, tag, n) {
  const body = batchBody(tag, n);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      `${baseUrl}/api/events`,
      {
        method: "POST",
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          "content-type": n % 2 ? "application/json" : "text/plain;charset=UTF-8",
          ...(options.gzip ? { "content-encoding": "gzip" } : {}),
          "content-length": body.byteLength,
          "user-agent": USER_AGENT,
          origin: baseUrl,
          "x-forwarded-for": benchAddress(n % options.addresses),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
        res.on("error", (error) => resolve({ status: error.code ?? "error", ms: NaN }));
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (error) => resolve({ status: error.code ?? "error", ms: NaN }));
    req.end(body);
  });
}

/** `connections` clients posting one batch after another for `seconds`. */
async function run(baseUrl, agent, tag, counter, seconds) {
  const results = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        results.push(await postBatch(baseUrl, agent, tag, counter.next++));
      }
    }),
  );
  return { results, elapsedMs: performance.now() - started };
}

const statusCounts = (results) => {
  const counts = new Map();
  for (const r of results) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
};

const cleanups = new Set();
process.once("SIGINT", async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(130);
});

async function runOne(kind, tag) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-events-"));
  const logFile = path.join(dataDir, "server.log");
  let database;
  let server;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  let keepDataDir = options.keep;
  const cleanup = async () => {
    agent.destroy();
    await server?.stop("SIGTERM");
    await database?.drop();
    if (keepDataDir) console.log(`  (${kind}: DATA_DIR kept at ${dataDir})`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    if (kind === "postgres") database = await createPostgresDatabase("lumen_bench_events");
    server = await spawnServer(
      {
        TRUST_PROXY: "true",
        DATABASE_URL: database?.url,
        // One line per request at info: the figures would measure the log, not the endpoint.
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      },
      { dataDir, logFile },
    );
    if (!(await server.ready())) {
      keepDataDir = true;
      throw new Error(`the ${kind} server did not become ready; see ${logFile}`);
    }
    const counter = { next: 0 };
    const warmup = await run(server.baseUrl, agent, tag, counter, options.warmup);
    const measured = await run(server.baseUrl, agent, tag, counter, options.duration);
    const all = [...warmup.results, ...measured.results];
    const accepted = all.filter((r) => r.status === 204).length * options.events;

    const storedQuery = "select count(*)::int as n from analytics_events where visitor_id like $1";
    const pattern = `bench-${tag}-%`;
    let stored;
    let exitCode;
    if (database) {
      stored = (await database.query(storedQuery, [pattern])).rows[0].n;
      exitCode = await server.stop("SIGTERM");
    } else {
      exitCode = await server.stop("SIGTERM");
      const pglite = await PGlite.create(path.join(server.dataDir, "db"));
      try {
        stored = (await pglite.query(storedQuery, [pattern])).rows[0].n;
      } finally {
        await pglite.close();
      }
    }
    const ok = measured.results.filter((r) => r.status === 204);
    const latencies = ok.map((r) => r.ms).sort((a, b) => a - b);
    return {
      kind,
      requests: all.length,
      statuses: statusCounts(all),
      eventsPerSecond: (ok.length * options.events) / (measured.elapsedMs / 1000),
      batchesPerSecond: ok.length / (measured.elapsedMs / 1000),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      accepted,
      stored,
      exitCode,
    };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

function printResult(r) {
  const title = r.kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)";
  const rows = [
    [
      "events/s accepted (204)",
      `${r.eventsPerSecond.toFixed(0)} (${r.batchesPerSecond.toFixed(0)} batches/s)`,
    ],
    ["p50 latency", `${r.p50.toFixed(1)} ms`],
    ["p99 latency", `${r.p99.toFixed(1)} ms`],
    ["requests", String(r.requests)],
    ["answered", r.statuses.map(([status, n]) => `${n} x ${status}`).join(", ")],
    ["events accepted", String(r.accepted)],
    ["events stored", String(r.stored)],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${title}`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  const same = r.stored === r.accepted;
  console.log(
    same
      ? `  stored equals accepted: yes (${r.stored})`
      : `  stored equals accepted: NO (stored ${r.stored}, accepted ${r.accepted})`,
  );
  if (r.exitCode !== 0) console.log(`  the server exited with code ${r.exitCode} on SIGTERM`);
  return same;
}

ensureBuild();
const tag = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
console.log(
  `${options.connections} clients posting batches of ${options.events} events${options.gzip ? " (gzip)" : ""} ` +
    `for ${options.duration} s after a ${options.warmup} s warm-up, from ${options.addresses} addresses ` +
    `(X-Forwarded-For, TRUST_PROXY=true). Load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}.`,
);
console.log(
  "Rates and latency cover the measured period; accepted and stored include the warm-up.",
);

const kinds = ["embedded", "postgres"].filter((k) => !options.only || options.only === k);
let ok = true;
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresReachable())) {
    console.log(
      `\nPostgreSQL: skipped (no server reachable at ${new URL(POSTGRES_ADMIN_URL).host})`,
    );
    continue;
  }
  if (!printResult(await runOne(kind, `${tag}${kind[0]}`))) ok = false;
}
if (!ok) {
  console.error("\nEvents answered 204 are not all stored (or the counts differ): see above.");
  process.exit(1);
}
