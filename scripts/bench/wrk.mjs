// wrk (Debian's package) as the page load of the burst. A load generator must outrun the
// server it measures: on a 2-core machine autocannon (JavaScript) tops out at about 2,000
// answers a second of a 20 KB page even from a bare Node server, while wrk (C) gets over
// 17,000 from the same server (docs/decisions/019-fast-page-hits.md). So autocannon's figures
// were its own limit, not the server's. Without wrk (not root, no apt) the burst falls back
// to autocannon and says so.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const WRK_PATHS = ["/usr/bin/wrk", "/usr/local/bin/wrk"];
const REPORT_SCRIPT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

const findWrk = () => WRK_PATHS.find((candidate) => existsSync(candidate));

/** The path of wrk, installing Debian's package with apt-get when root; undefined without. */
export function ensureWrk() {
  if (findWrk()) return findWrk();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("No wrk found: installing Debian's package with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "wrk"], { stdio: "ignore", env }).status === 0;
    if (!install()) {
      spawnSync("apt-get", ["update"], { stdio: "ignore", env });
      install();
    }
  }
  return findWrk();
}

/**
 * `connections` keep-alive connections asking for `url` for `duration` seconds with
 * `headers`, each waiting for its answer before the next request (as autocannon does).
 * Resolves with rps, p50, p99, max (ms), requests (answered), errors (socket errors,
 * time-outs and answers other than 2xx/3xx), timeouts and statusErrors.
 */
export function runWrk(wrk, { url, connections, duration, headers, timeoutSeconds = 10 }) {
  const args = [
    "--threads=1",
    `--connections=${connections}`,
    `--duration=${duration}s`,
    `--timeout=${timeoutSeconds}s`,
    `--script=${REPORT_SCRIPT}`,
    ...Object.entries(headers).flatMap(([name, value]) => ["--header", `${name}: ${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = output.split("\n").find((l) => l.startsWith("WRK_REPORT "));
      if (code !== 0 || !line) {
        reject(new Error(`wrk failed (exit ${code}):\n${output}`));
        return;
      }
      const r = JSON.parse(line.slice("WRK_REPORT ".length));
      const socketErrors = r.connect + r.read + r.write;
      resolve({
        rps: r.requests / (r.durationUs / 1e6),
        p50: r.p50Us / 1000,
        p99: r.p99Us / 1000,
        max: r.maxUs / 1000,
        requests: r.requests,
        errors: socketErrors + r.timeout + r.status,
        timeouts: r.timeout,
        statusErrors: r.status,
      });
    });
  });
}
