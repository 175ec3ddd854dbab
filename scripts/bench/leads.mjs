// `npm run bench:leads`: the lead pipeline under a steady stream of consultation requests,
// on the embedded database and then on PostgreSQL (skipped when none is reachable).
// Valid JSON leads are posted at a fixed rate (open loop: a slow answer does not slow the
// sender), each from its own address in 198.18.0.0/15 so the per-address rate limit stays
// out of the way. A local receiver takes the webhook deliveries. Prints, per database, the
// leads per second achieved, p50 and p99 latency, the answers by status, how many leads the
// database holds and how many were delivered; exits 1 when a lead answered 201 is not stored.
// Options: --rate=50 (leads/s) --duration=10 (s) --warmup=2 (s) --settle=60 (s)
//          --only=embedded|postgres --keep (keep each DATA_DIR with its server.log)
import { PGlite } from "@electric-sql/pglite";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { postPaced } from "./lead-posting.mjs";
import {
  arg,
  createPostgresDatabase,
  ensureBuild,
  flag,
  percentile,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  spawnServer,
} from "./lib.mjs";

const options = {
  rate: Number(arg("rate", 50)),
  duration: Number(arg("duration", 10)),
  warmup: Number(arg("warmup", 2)),
  settle: Number(arg("settle", 60)),
  only: arg("only", ""),
  keep: flag("keep"),
  cpuProf: arg("cpu-prof", ""),
};
for (const key of ["rate", "duration", "warmup", "settle"]) {
  if (
    !Number.isFinite(options[key]) ||
    options[key] < 0 ||
    (key === "rate" && options[key] === 0)
  ) {
    console.error(`--${key} must be a positive number (got "${arg(key)}")`);
    process.exit(2);
  }
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

async function runOne(kind, tag) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lumen-bench-leads-"));
  const logFile = path.join(dataDir, "server.log");
  const receiver = await startReceiver();
  let database;
  let server;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
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
        LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      },
      {
        dataDir,
        logFile,
        nodeArgs: options.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProf}`] : [],
      },
    );
    if (!(await server.ready())) {
      keepDataDir = true;
      throw new Error(`the ${kind} server did not become ready; see ${logFile}`);
    }

    // The warm-up's leads are stored and counted like the rest; only its timings are left out.
    const warmup = await postPaced(server.baseUrl, agent, tag, 0, options.rate, options.warmup);
    const first = warmup.results.length;
    const run = await postPaced(server.baseUrl, agent, tag, first, options.rate, options.duration);
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

function printResult(r) {
  const title = r.kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)";
  const rows = [
    ["leads/s achieved (201s)", `${r.achieved.toFixed(1)} (offered ${r.offered.toFixed(1)})`],
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
  return same;
}

ensureBuild();
const tag = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
console.log(
  `Posting valid JSON leads at ${options.rate}/s for ${options.duration} s after a ${options.warmup} s warm-up ` +
    `(one X-Forwarded-For address each, TRUST_PROXY=true); waiting up to ${options.settle} s for deliveries.`,
);
console.log(
  "Latency and leads/s cover the measured period; answered, stored and delivered include the warm-up.",
);

const kinds = ["embedded", "postgres"].filter((k) => !options.only || options.only === k);
const results = [];
let ok = true;
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresReachable())) {
    console.log(
      `\nPostgreSQL: skipped (no server reachable at ${new URL(POSTGRES_ADMIN_URL).host})`,
    );
    continue;
  }
  const result = await runOne(kind, `${tag}${kind[0]}`);
  results.push(result);
  if (!printResult(result)) ok = false;
}

const [embedded, postgres] = ["embedded", "postgres"].map((k) => results.find((r) => r.kind === k));
if (embedded && postgres) {
  const ratio = (a, b) => {
    const r = a / b;
    return r >= 10 ? r.toFixed(0) : r.toFixed(2);
  };
  console.log(
    `\nEmbedded to PostgreSQL: p50 latency ${ratio(embedded.p50, postgres.p50)}x, ` +
      `p99 latency ${ratio(embedded.p99, postgres.p99)}x, leads/s ${ratio(embedded.achieved, postgres.achieved)}x.`,
  );
}
for (const r of results) {
  console.log(
    `${r.kind}: achieved ${((r.achieved / options.rate) * 100).toFixed(0)}% of the target rate.`,
  );
}
if (!ok) {
  console.error("\nA lead answered 201 is not stored (or the counts differ): see above.");
  process.exit(1);
}
