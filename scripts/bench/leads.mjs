// `npm run bench:leads`: the lead pipeline under a steady stream of consultation requests,
// on the embedded database and then on PostgreSQL (skipped when none is reachable).
// Valid JSON leads are posted at a fixed rate (open loop: a slow answer does not slow the
// sender), each from its own address in 198.18.0.0/15 so the per-address rate limit stays
// out of the way. A local receiver takes the webhook deliveries. Prints, per database, the
// leads per second achieved, p50 and p99 latency, the answers by status, how many leads the
// database holds and how many were delivered, the server's CPU time per lead (steadier than
// latency on a busy machine) and the whole machine's (with PostgreSQL, when it runs here, and
// this benchmark's own), and whether the rate held: p99 under 100 ms and every lead
// answered 201. Exits 1 when a lead answered 201 is not stored.
// --rate=150 runs one rate, --rate=100,150,200 each in turn on a fresh server, and
// --find steps up from --rate by --step until a rate does not hold, then prints the highest
// that did, per database (docs/decisions/018).
// Options: --rate=50 (leads/s) --duration=10 (s) --warmup=2 (s) --settle=60 (s)
//          --find --step=25 --only=embedded|postgres --keep (keep each DATA_DIR with its
//          server.log) --cpu-prof=<dir> (a CPU profile of each server, for Chrome's DevTools)
//          --processes=N (WEB_CONCURRENCY of the PostgreSQL server; the embedded one has one)
import { PGlite } from "@electric-sql/pglite";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { leadAgent, postPaced } from "./lead-posting.mjs";
import {
  arg,
  createPostgresDatabase,
  ensureBuild,
  flag,
  percentile,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  processCpuMs,
  localPostgresCpuMs,
  ownProcessCpuMs,
  serverProcessesOption,
  cpuProfileNodeArgs,
  spawnServer,
} from "./lib.mjs";

/** A rate holds when its p99 stays under this and every lead is answered 201 (docs/REQUIREMENTS.md R16.5). */
const P99_LIMIT_MS = 100;

const options = {
  rates: String(arg("rate", 50)).split(",").map(Number),
  find: flag("find"),
  step: Number(arg("step", 25)),
  duration: Number(arg("duration", 10)),
  warmup: Number(arg("warmup", 2)),
  settle: Number(arg("settle", 60)),
  only: arg("only", ""),
  keep: flag("keep"),
  nodeArgs: cpuProfileNodeArgs(),
  processes: serverProcessesOption(),
};
for (const key of ["duration", "warmup", "settle", "step"]) {
  if (!Number.isFinite(options[key]) || options[key] < 0) {
    console.error(`--${key} must be a positive number (got "${arg(key)}")`);
    process.exit(2);
  }
}
if (options.rates.some((rate) => !Number.isFinite(rate) || rate <= 0)) {
  console.error(`--rate must be positive numbers separated by commas (got "${arg("rate")}")`);
  process.exit(2);
}

const WEBHOOK_SECRET = `bench-${randomBytes(16).toString("hex")}`;

/** The server's signature scheme (app/modules/webhooks/signature.server.ts), checked apart. */
function signatureValid(header, timestamp, body) {
  if (typeof header !== "string" || typeof timestamp !== "string") return false;
  const given = Buffer.from(header.replace(/^sha256=/, ""), "hex");
  const expected = createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The stand-in for the company's automation service: answers 204 and counts. */
async function startReceiver() {
  const stats = {
    requests: 0,
    keys: new Map(), // Idempotency-Key -> times received
    leadIds: new Set(),
    badSignatures: 0,
    lagMs: [], // from the lead's creation to its first arrival here
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      stats.requests += 1;
      if (
        !signatureValid(req.headers["x-lumen-signature"], req.headers["x-lumen-timestamp"], raw)
      ) {
        stats.badSignatures += 1;
      }
      const key = req.headers["idempotency-key"] ?? "(none)";
      stats.keys.set(key, (stats.keys.get(key) ?? 0) + 1);
      try {
        const body = JSON.parse(raw);
        if (typeof body.leadId === "string" && !stats.leadIds.has(body.leadId)) {
          stats.leadIds.add(body.leadId);
          stats.lagMs.push(Date.now() - Date.parse(body.createdAt));
        }
      } catch {
        // Counted as a request; without a lead id it cannot count as a delivery.
      }
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/leads`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const statusCounts = (results) => {
  const counts = new Map();
  for (const r of results) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
};

/** What to undo if the run is interrupted (Ctrl-C): the server, the receiver, the database. */
const cleanups = new Set();
process.once("SIGINT", async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(130);
});

async function runOne(kind, tag, rate) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-leads-"));
  const logFile = path.join(dataDir, "server.log");
  const receiver = await startReceiver();
  let database;
  let server;
  const agent = leadAgent();
  let keepDataDir = options.keep;
  const cleanup = async () => {
    agent.destroy();
    await server?.stop("SIGTERM");
    await receiver.close();
    await database?.drop();
    if (keepDataDir) console.log(`  (${kind}: DATA_DIR kept at ${dataDir})`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    if (kind === "postgres") database = await createPostgresDatabase();
    server = await spawnServer(
      {
        TRUST_PROXY: "true",
        LEAD_WEBHOOK_URL: receiver.url,
        LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // The receiver listens on loopback, which webhooks may not target by default.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
        DATABASE_URL: database?.url,
        WEB_CONCURRENCY: database ? String(options.processes) : undefined,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
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

    // The warm-up's leads are stored and counted like the rest; only its timings are left out.
    const cpuBefore = processCpuMs(server.process.pid);
    const postgresCpuBefore = database && postgresRunsHere ? localPostgresCpuMs() : undefined;
    const ownCpuBefore = ownProcessCpuMs();
    const warmup = await postPaced(server.baseUrl, agent, tag, 0, rate, options.warmup);
    const first = warmup.results.length;
    const run = await postPaced(server.baseUrl, agent, tag, first, rate, options.duration);
    const all = [...warmup.results, ...run.results];
    const answeredIds = new Set(all.filter((r) => r.status === 201).map((r) => r.id));

    // Deliveries run from the job queue after the answers; wait (bounded) until they settle.
    const settleStarted = performance.now();
    const settleDeadline = Date.now() + options.settle * 1000;
    while (Date.now() < settleDeadline) {
      if ([...answeredIds].every((id) => receiver.stats.leadIds.has(id))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const settleMs = performance.now() - settleStarted;
    // Answers, deliveries and mail of every lead sent: the whole cost of a lead.
    const cpuMs = processCpuMs(server.process.pid) - cpuBefore;
    const postgresCpuMs =
      postgresCpuBefore === undefined ? undefined : localPostgresCpuMs() - postgresCpuBefore;
    const ownCpuMs = ownProcessCpuMs() - ownCpuBefore;

    const storedQuery = "select id::text as id from leads where email like $1";
    const pattern = `avery.${tag}.%`;
    let storedIds;
    let exitCode;
    if (database) {
      storedIds = (await database.query(storedQuery, [pattern])).rows.map((r) => r.id);
      exitCode = await server.stop("SIGTERM");
    } else {
      // Only one process may open the folder: count once the server has let go of it.
      exitCode = await server.stop("SIGTERM");
      const pglite = await PGlite.create(path.join(server.dataDir, "db"));
      try {
        storedIds = (await pglite.query(storedQuery, [pattern])).rows.map((r) => r.id);
      } finally {
        await pglite.close();
      }
    }
    const stored = new Set(storedIds);
    const missing = [...answeredIds].filter((id) => !stored.has(id));
    const measuredOk = run.results.filter((r) => r.status === 201);
    const latencies = measuredOk.map((r) => r.ms).sort((a, b) => a - b);
    const duplicates = [...receiver.stats.keys.values()].reduce((sum, n) => sum + n - 1, 0);
    const lag = [...receiver.stats.lagMs].sort((a, b) => a - b);
    return {
      kind,
      rate,
      cpuPerLeadMs: cpuMs / all.length,
      postgresCpuPerLeadMs: postgresCpuMs === undefined ? undefined : postgresCpuMs / all.length,
      benchCpuPerLeadMs: ownCpuMs / all.length,
      sent: all.length,
      statuses: statusCounts(all),
      answered201: answeredIds.size,
      achieved: measuredOk.length / (run.elapsedMs / 1000),
      offered: run.results.length / (run.sendingMs / 1000),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      stored: stored.size,
      missing: missing.length,
      delivered: [...answeredIds].filter((id) => receiver.stats.leadIds.has(id)).length,
      deliveredAny: receiver.stats.leadIds.size,
      deliveryRequests: receiver.stats.requests,
      duplicates,
      badSignatures: receiver.stats.badSignatures,
      lagP50: percentile(lag, 0.5),
      lagP99: percentile(lag, 0.99),
      settleMs,
      exitCode,
    };
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

const holds = (r) =>
  r.p99 < P99_LIMIT_MS && r.statuses.every(([status]) => status === "201") && r.missing === 0;

/** Whether the PostgreSQL server is on this machine, so its CPU time can be read. */
const postgresRunsHere = ["127.0.0.1", "localhost", "[::1]", ""].includes(
  new URL(POSTGRES_ADMIN_URL).hostname,
);

/**
 * Every process's share of a lead on this machine: the server, PostgreSQL when it runs
 * here, and this benchmark (its sender and webhook receiver); and the rate all the cores
 * could carry at that cost, a ceiling no tuning of the server alone can pass.
 */
function machineCpu(r) {
  const parts = [["server", r.cpuPerLeadMs]];
  if (r.postgresCpuPerLeadMs !== undefined) parts.push(["PostgreSQL", r.postgresCpuPerLeadMs]);
  parts.push(["this benchmark", r.benchCpuPerLeadMs]);
  const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
  const cores = availableParallelism();
  const ceiling = Math.floor((cores * 1000) / total);
  return (
    `${total.toFixed(1)} ms (${parts.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ")}); ` +
    `${cores} cores busy to the full would carry ${ceiling} leads/s`
  );
}

function printResult(r) {
  const processes =
    r.kind === "postgres" && options.processes > 1 ? `, ${options.processes} server processes` : "";
  const title = `${r.kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} at ${r.rate} leads/s${processes}`;
  const rows = [
    ["leads/s achieved (201s)", `${r.achieved.toFixed(1)} (offered ${r.offered.toFixed(1)})`],
    ["server CPU per lead", `${r.cpuPerLeadMs.toFixed(1)} ms (answer, delivery and mail)`],
    ["machine CPU per lead", machineCpu(r)],
    ["p50 latency", `${r.p50.toFixed(1)} ms`],
    ["p99 latency", `${r.p99.toFixed(1)} ms`],
    ["sent", String(r.sent)],
    ["answered", r.statuses.map(([status, n]) => `${n} x ${status}`).join(", ")],
    ["answered 201", String(r.answered201)],
    ["stored", String(r.stored)],
    [
      "delivered",
      `${r.delivered} of the 201s (${r.deliveryRequests} requests, ${r.duplicates} repeated, ${r.badSignatures} bad signatures)`,
    ],
    ["delivery lag p50 / p99", `${r.lagP50.toFixed(0)} / ${r.lagP99.toFixed(0)} ms after creation`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${title}`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  const same = r.stored === r.answered201 && r.missing === 0;
  console.log(
    same
      ? `  stored equals answered 201: yes (${r.stored} = ${r.answered201})`
      : `  stored equals answered 201: NO (stored ${r.stored}, answered 201 ${r.answered201}, ${r.missing} answered ids missing)`,
  );
  console.log(
    r.delivered === r.answered201
      ? `  every answered lead delivered: yes (settled ${(r.settleMs / 1000).toFixed(1)} s after the last answer)`
      : `  every answered lead delivered: NO (${r.answered201 - r.delivered} missing after ${(r.settleMs / 1000).toFixed(0)} s)`,
  );
  if (r.exitCode !== 0) console.log(`  the server exited with code ${r.exitCode} on SIGTERM`);
  console.log(
    `  held (p99 under ${P99_LIMIT_MS} ms, every lead answered 201): ${holds(r) ? "yes" : "NO"}`,
  );
  return same;
}

ensureBuild();
const tag = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
const rateText = options.find
  ? `from ${options.rates[0]}/s up by ${options.step}/s until one does not hold`
  : `${options.rates.join(", ")}/s`;
console.log(
  `Posting valid JSON leads at ${rateText}, ${options.duration} s each after a ${options.warmup} s warm-up ` +
    `(one X-Forwarded-For address each, TRUST_PROXY=true); waiting up to ${options.settle} s for deliveries.`,
);
console.log(
  "Latency and leads/s cover the measured period; answered, stored and delivered include the warm-up.",
);

const kinds = ["embedded", "postgres"].filter((k) => !options.only || options.only === k);
const results = [];
let ok = true;
let runs = 0;
const runAndPrint = async (kind, rate) => {
  const result = await runOne(kind, `${tag}${kind[0]}${++runs}`, rate);
  results.push(result);
  if (!printResult(result)) ok = false;
  return result;
};
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresReachable())) {
    console.log(
      `\nPostgreSQL: skipped (no server reachable at ${new URL(POSTGRES_ADMIN_URL).host})`,
    );
    continue;
  }
  if (options.find) {
    // Bounded, so a machine that holds any rate still ends.
    for (let rate = options.rates[0], n = 0; n < 40; rate += options.step, n++) {
      if (!holds(await runAndPrint(kind, rate)) || options.step === 0) break;
    }
  } else {
    for (const rate of options.rates) await runAndPrint(kind, rate);
  }
}

const [embedded, postgres] = ["embedded", "postgres"].map((k) => results.find((r) => r.kind === k));
if (embedded && postgres && embedded.rate === postgres.rate) {
  const ratio = (a, b) => {
    const r = a / b;
    return r >= 10 ? r.toFixed(0) : r.toFixed(2);
  };
  console.log(
    `\nEmbedded to PostgreSQL at ${embedded.rate} leads/s: p50 latency ${ratio(embedded.p50, postgres.p50)}x, ` +
      `p99 latency ${ratio(embedded.p99, postgres.p99)}x, leads/s ${ratio(embedded.achieved, postgres.achieved)}x, ` +
      `CPU per lead ${ratio(embedded.cpuPerLeadMs, postgres.cpuPerLeadMs)}x.`,
  );
}
console.log("");
for (const kind of kinds) {
  const own = results.filter((r) => r.kind === kind);
  if (own.length === 0) continue;
  const held = own.filter(holds).map((r) => r.rate);
  console.log(
    `${kind}: ${own.map((r) => `${r.rate}/s ${holds(r) ? "held" : "did not hold"} (p99 ${r.p99.toFixed(0)} ms, ${((r.achieved / r.rate) * 100).toFixed(0)}% achieved)`).join("; ")}. ` +
      `Highest rate held: ${held.length ? `${Math.max(...held)} leads/s` : "none"}.`,
  );
}
if (!ok) {
  console.error("\nA lead answered 201 is not stored (or the counts differ): see above.");
  process.exit(1);
}
