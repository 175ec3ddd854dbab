/**
 * WEB_CONCURRENCY above 1 (docs/decisions/020): this process starts that many server
 * processes sharing the port and looks after them; it serves nothing itself. Each one is a
 * whole instance on the shared PostgreSQL database, as two instances behind a proxy are
 * (docs/OPERATIONS.md), so pages, leads and jobs need nothing new. The parent forwards
 * SIGTERM and SIGINT, starts a process again when one dies, and gives up when one dies
 * before it ever listened: that is a start failure (a database out of reach, say), and
 * starting it again would only fail again.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** A process that died is started again after this long, so one that keeps dying does not spin. */
const RESTART_DELAY_MS = 1000;

export function superviseServerProcesses(count: number, logger: Logger): void {
  let stopping = false;
  let exitCode = 0;
  const listening = new WeakSet<Worker>();

  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listening.add(worker));
  };

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitCode);
    // Each process drains its own requests and stops its jobs (server/index.ts).
    for (const worker of running) worker?.process.kill(signal);
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!listening.has(worker)) {
      logger.fatal(
        { process: worker.id, code, signal },
        "a server process stopped during its start; stopping the others",
      );
      stop("SIGTERM", 1);
      return;
    }
    logger.error({ process: worker.id, code, signal }, "a server process died; starting another");
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  logger.info({ processes: count }, "starting server processes");
  for (let started = 0; started < count; started++) start();
}
