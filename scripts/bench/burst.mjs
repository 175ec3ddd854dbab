// `npm run bench:burst`: a TV spot's burst. For the embedded database and then PostgreSQL
// (skipped when none is reachable), on a fresh production server: /tv is asked for once so
// the page cache holds it, then 200 connections ask for /tv for 20 s (a browser's user agent,
// brotli, keep-alive, no cookies: new visitors) while 20 consultation requests a second are
// posted (valid JSON leads, each from its own address in 198.18.0.0/15 with TRUST_PROXY, so
// the per-address limit stays out of the way). After the server has stopped, the leads the
// database holds are counted and matched against the ids the 201 answers gave.
// Prints, per database: errors (4xx/5xx, timeouts, socket errors), page req/s and p50/p99,
// lead p50/p99, leads answered and stored, and whether each target holds: no errors, page
// p99 under 100 ms, lead p99 under 300 ms, every lead answered 201 stored; and the server's
// CPU use beside the machine's load average, to tell a slow server from a busy machine.
// Exits 1 when a target does not hold.
// Options: --connections=200 --duration=20 --rate=20 (leads/s) --path=/tv
//          --warmup=3 (seconds of the page load alone first, not measured; 0 for none)
//          --only=embedded|postgres --keep (keep each DATA_DIR with its server.log)
//          --processes=N (WEB_CONCURRENCY of the PostgreSQL server; the embedded one has one)
//          --cpu-prof=<dir> (a CPU profile of each server, for Chrome's DevTools)
//
// Other scripts reuse the burst on a server of their own:
//   import { runBurst } from "./burst.mjs";
//   const figures = await runBurst({ baseUrl, connections, duration, leadRate, path });
// (the server needs TRUST_PROXY=true; see runBurst).
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  arg,
  benchAddress,
  BROWSER_HEADERS,
  createPostgresDatabase,
  ensureBuild,
  percentile,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  processCpuMs,
  serverProcessesOption,
  cpuProfileNodeArgs,
  spawnServer,
} from "./lib.mjs";
import { postLeadBody, sendPaced } from "./lead-posting.mjs";
import { ensureWrk, runWrk } from "./wrk.mjs";

/**
 * `warmup`: seconds of the same page load before the measured burst, on connections of
 * their own, so the figures are of a server that has run a while (its code compiled by the
 * JIT), as a production server has when a spot airs.
 */
export const BURST_DEFAULTS = {
  path: "/tv",
  connections: 200,
  duration: 20,
  leadRate: 20,
  warmup: 3,
};
export const BURST_TARGETS = { pageP99Ms: 100, leadP99Ms: 300 };
// The server's own shutdown grace is 10 s; an answer slower than this is counted as an error.
const LEAD_TIMEOUT_MS = 10_000;

/** The e-mail addresses of one run's leads share `tag`, so the database can be asked for them. */
export const burstLeadEmailPattern = (tag) => `burst.${tag}.%@example.com`;

function leadBody(tag, n) {
  return JSON.stringify({
    firstName: "Riley",
    lastName: "Burst",
    email: `burst.${tag}.${n}@example.com`,
    phone: "6175550100",
    service: "Bathroom Remodeling",
    projectType: "Home",
    agreeToAllPresent: true,
    source: "TV",
    agreeToContact: true,
    utm_source: "tv",
    utm_campaign: "burst",
  });
}

/** `rate` leads a second for `seconds`, each at its own instant (open loop), all answered. */
async function postLeadsPaced({ baseUrl, tag, rate, seconds, addressOffset }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const { results } = await sendPaced(rate, seconds, (i) =>
      postLeadBody(baseUrl, agent, leadBody(tag, i), benchAddress(addressOffset + i), {
        timeoutMs: LEAD_TIMEOUT_MS,
        headers: { "user-agent": BROWSER_HEADERS["user-agent"] },
      }),
    );
    return results;
  } finally {
    agent.destroy();
  }
}

/**
 * The burst against a running server: warms `path` (one request, so the page cache holds
 * it), then loads it with `connections` connections (wrk, or autocannon without it) while
 * posting `leadRate` leads a second for the same `duration`.
 * The server must trust X-Forwarded-For (TRUST_PROXY=true): each lead comes from its own
 * address, starting at `addressOffset` in 198.18.0.0/15 (use a new offset, or a new server,
 * for each run: an address may send 5 leads per 10 minutes).
 * Resolves with { tag, page, leads, errors }: page has tool, rps, p50, p99, max (ms),
 * requests, statuses, errors, timeouts, unanswered (still waiting when the time was up; NaN
 * with wrk, which does not tell); leads has
 * sent, statuses, answered (201s), ids (of the 201s), p50, p99, max (ms, all answers),
 * errors; errors is the sum of both. The leads' e-mail addresses match
 * burstLeadEmailPattern(tag).
 */
export async function runBurst({
  baseUrl,
  path: pagePath = BURST_DEFAULTS.path,
  connections = BURST_DEFAULTS.connections,
  duration = BURST_DEFAULTS.duration,
  leadRate = BURST_DEFAULTS.leadRate,
  tag = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`,
  addressOffset = 0,
  warmup = BURST_DEFAULTS.warmup,
}) {
  const url = new URL(pagePath, baseUrl).toString();
  const warm = await fetch(url, { headers: BROWSER_HEADERS });
  await warm.arrayBuffer();
  if (warm.status !== 200) throw new Error(`${pagePath} answered ${warm.status} before the burst`);

  const pageLoad = { url, connections, duration, headers: BROWSER_HEADERS };
  const wrk = ensureWrk();
  if (warmup > 0) {
    const warming = { ...pageLoad, duration: warmup };
    await (wrk ? wrkPageLoad(wrk, warming) : autocannonPageLoad(warming));
  }
  const [page, leadResults] = await Promise.all([
    wrk ? wrkPageLoad(wrk, pageLoad) : autocannonPageLoad(pageLoad),
    postLeadsPaced({ baseUrl, tag, rate: leadRate, seconds: duration, addressOffset }),
  ]);

  const leadStatuses = {};
  for (const r of leadResults) leadStatuses[r.status] = (leadStatuses[r.status] ?? 0) + 1;
  const answered = leadResults.filter((r) => r.status === 201);
  const leadErrors = leadResults.length - answered.length;
  const leadLatencies = leadResults
    .map((r) => r.ms)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return {
    tag,
    path: pagePath,
    connections,
    duration,
    leadRate,
    page,
    leads: {
      sent: leadResults.length,
      statuses: leadStatuses,
      answered: answered.length,
      ids: answered.map((r) => r.id),
      p50: percentile(leadLatencies, 0.5),
      p99: percentile(leadLatencies, 0.99),
      max: leadLatencies.at(-1) ?? NaN,
      errors: leadErrors,
    },
    errors: page.errors + leadErrors,
  };
}

/** The page load with wrk: see scripts/bench/wrk.mjs for why it is preferred. */
async function wrkPageLoad(wrk, load) {
  const r = await runWrk(wrk, load);
  return {
    tool: "wrk",
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    requests: r.requests,
    // wrk does not tell how many were still waiting when the time was up.
    unanswered: NaN,
    statuses: { "2xx/3xx": r.requests - r.statusErrors, other: r.statusErrors },
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** The page load with autocannon, in a worker thread so the lead sender is not held up by it. */
async function autocannonPageLoad({ url, connections, duration, headers }) {
  const r = await autocannon({ url, connections, duration, headers, workers: 1 });
  return {
    tool: "autocannon",
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    // Sent but not answered when the time was up (their latency is in no percentile).
    unanswered: Math.max(0, r.requests.sent - r.requests.total - r.errors),
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    // autocannon counts timeouts among its errors (socket errors and resets the rest).
    errors: r.errors + r.resets + r["4xx"] + r["5xx"],
    timeouts: r.timeouts,
  };
}

/** Whether each target holds for a burst's figures (and the leads stored, when counted). */
export function burstTargets(result, stored) {
  const targets = [
    ["no errors", result.errors === 0],
    // A percentile of no answers holds nothing.
    [
      `page p99 under ${BURST_TARGETS.pageP99Ms} ms`,
      result.page.requests > 0 && result.page.p99 < BURST_TARGETS.pageP99Ms,
    ],
    [
      `lead p99 under ${BURST_TARGETS.leadP99Ms} ms`,
      result.leads.answered > 0 && result.leads.p99 < BURST_TARGETS.leadP99Ms,
    ],
  ];
  if (stored) {
    targets.push([
      "leads stored = leads answered",
      stored.count === result.leads.answered && stored.missing === 0,
    ]);
  }
  return targets;
}

/** The stored leads of a burst: their count and how many answered ids are not among them. */
async function countStored(query, result) {
  const rows = (
    await query("select id::text as id from leads where email like $1", [
      burstLeadEmailPattern(result.tag),
    ])
  ).rows;
  const stored = new Set(rows.map((r) => r.id));
  return { count: stored.size, missing: result.leads.ids.filter((id) => !stored.has(id)).length };
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** What to undo if the run is interrupted (Ctrl-C): the server, the database, the folder. */
const cleanups = new Set();

async function runOne(kind, options) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-burst-"));
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
    if (kind === "postgres") database = await createPostgresDatabase("lumen_bench_burst");
    server = await spawnServer(
      {
        TRUST_PROXY: "true",
        DATABASE_URL: database?.url,
        WEB_CONCURRENCY: database ? String(options.processes) : undefined,
      },
      {
        dataDir,
        logFile,
        nodeArgs: options.nodeArgs,
      },
    );
    if (!(await server.ready())) {
      keepDataDir = true;
      throw new Error(`the ${kind} server did not become ready; see ${logFile}`);
    }
    const cpuBefore = processCpuMs(server.process.pid);
    const startedAt = performance.now();
    const result = await runBurst({ baseUrl: server.baseUrl, ...options.burst });
    // CPU seconds used per second of the burst (Linux's /proc).
    const serverCpu =
      (processCpuMs(server.process.pid) - cpuBefore) / (performance.now() - startedAt);
    const load = loadAverage();

    // Counted after the server stopped: every answer it gave is then in the database, and the
    // embedded database's folder may be opened by one process only.
    const exitCode = await server.stop("SIGTERM");
    let stored;
    if (database) {
      stored = await countStored(database.query, result);
    } else {
      const pglite = await PGlite.create(path.join(dataDir, "db"));
      try {
        stored = await countStored((sql, values) => pglite.query(sql, values), result);
      } finally {
        await pglite.close();
      }
    }
    return { kind, result, stored, exitCode, serverCpu, load };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

const statusList = (statuses) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} x ${status}`)
    .join(", ") || "none";

function printRuns(runs) {
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : "-");
  const title = (kind) => (kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)");
  const rows = [
    ["errors (4xx/5xx, timeouts, socket)", (r) => String(r.result.errors)],
    ["  page errors / lead errors", (r) => `${r.result.page.errors} / ${r.result.leads.errors}`],
    ["page req/s", (r) => r.result.page.rps.toFixed(0)],
    ["page p50 / p99 ms", (r) => `${ms(r.result.page.p50)} / ${ms(r.result.page.p99)}`],
    ["page answers", (r) => statusList(r.result.page.statuses)],
    ["page load tool", (r) => r.result.page.tool],
    ["page requests unanswered at the end", (r) => ms(r.result.page.unanswered)],
    ["lead p50 / p99 ms", (r) => `${ms(r.result.leads.p50)} / ${ms(r.result.leads.p99)}`],
    ["leads sent", (r) => String(r.result.leads.sent)],
    ["lead answers", (r) => statusList(r.result.leads.statuses)],
    ["leads answered (201)", (r) => String(r.result.leads.answered)],
    ["leads stored", (r) => String(r.stored.count)],
    ["answered leads not stored", (r) => String(r.stored.missing)],
    [
      "server CPU (cores busy)",
      (r) => (Number.isFinite(r.serverCpu) ? r.serverCpu.toFixed(2) : "-"),
    ],
    ["load average after", (r) => r.load],
  ];
  const header = ["", ...runs.map((r) => title(r.kind))];
  const body = rows.map(([name, value]) => [name, ...runs.map(value)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of body) console.log(line(row));

  let allHold = true;
  for (const run of runs) {
    const targets = burstTargets(run.result, run.stored);
    console.log(`\n${title(run.kind)}:`);
    for (const [name, holds] of targets) {
      console.log(`  ${holds ? "holds  " : "NOT MET"}  ${name}`);
      if (!holds) allHold = false;
    }
    if (run.exitCode !== 0) console.log(`  the server exited with code ${run.exitCode} on SIGTERM`);
  }
  return allHold;
}

async function main() {
  const options = {
    burst: {
      path: arg("path", BURST_DEFAULTS.path),
      connections: Number(arg("connections", BURST_DEFAULTS.connections)),
      duration: Number(arg("duration", BURST_DEFAULTS.duration)),
      leadRate: Number(arg("rate", BURST_DEFAULTS.leadRate)),
      warmup: Number(arg("warmup", BURST_DEFAULTS.warmup)),
    },
    only: arg("only", ""),
    keep: process.argv.includes("--keep"),
    processes: serverProcessesOption(),
    nodeArgs: cpuProfileNodeArgs(),
  };
  if (!Number.isFinite(options.burst.warmup) || options.burst.warmup < 0) {
    console.error("--warmup must be 0 or more");
    process.exit(2);
  }
  for (const key of ["connections", "duration", "leadRate"]) {
    if (!Number.isFinite(options.burst[key]) || options.burst[key] <= 0) {
      console.error(`--${key === "leadRate" ? "rate" : key} must be a positive number`);
      process.exit(2);
    }
  }
  process.once("SIGINT", async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    process.exit(130);
  });

  ensureBuild();
  const { path: pagePath, connections, duration, leadRate, warmup } = options.burst;
  console.log(
    `Burst: ${connections} connections on ${pagePath} for ${duration} s (${ensureWrk() ? "wrk" : "autocannon: no wrk found"}, keep-alive, ` +
      `a browser's user agent, Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}, no cookies) ` +
      `while ${leadRate} valid JSON leads/s are posted to /api/leads, one address each (TRUST_PROXY=true), ` +
      `after ${warmup} s of the page load alone (not measured).`,
  );
  console.log(
    `${cpus().length} CPUs, load average ${loadAverage()} before the first run. ` +
      "Server CPU is the server's CPU seconds per second of the burst: far below the CPUs " +
      "while figures are poor means the machine, not the server, was the limit.",
  );
  if (options.processes > 1) {
    console.log(`The PostgreSQL server runs ${options.processes} processes (WEB_CONCURRENCY).`);
  }
  console.log(
    "Leads stored are counted in the database after the server stopped. " +
      `Targets: no errors, page p99 < ${BURST_TARGETS.pageP99Ms} ms, lead p99 < ${BURST_TARGETS.leadP99Ms} ms.\n`,
  );

  const runs = [];
  for (const kind of ["embedded", "postgres"].filter((k) => !options.only || options.only === k)) {
    if (kind === "postgres" && !(await postgresReachable())) {
      console.log(
        `PostgreSQL: skipped (no server reachable at ${new URL(POSTGRES_ADMIN_URL).host})`,
      );
      continue;
    }
    console.log(`Running on ${kind === "postgres" ? "PostgreSQL" : "the embedded database"}...`);
    runs.push(await runOne(kind, options));
  }
  console.log("");
  if (!printRuns(runs)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
