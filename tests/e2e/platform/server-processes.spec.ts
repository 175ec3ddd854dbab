import { expect, test } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { get } from "node:http";
import { createDatabase, postgresReachable } from "../support/postgres";
import { parseLog, startServer, type RunningServer } from "../support/server";

/**
 * WEB_CONCURRENCY=2 on PostgreSQL (docs/decisions/020): two server processes share the port
 * and both answer; one killed outright is started again while the other goes on serving;
 * SIGTERM stops them all and the parent exits 0.
 */

const PROCESSES = 2;

/** The pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses; the fields after its last ")" do not.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

/** One request on its own connection, so the requests spread over the processes. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on("timeout", function (this: ReturnType<typeof get>) {
        this.destroy(new Error(`no answer from ${url} within 10 s`));
      })
      .on("error", reject);
  });
}

function logLines(server: RunningServer) {
  return parseLog(readFileSync(server.logFile, "utf8"));
}

let server: RunningServer | undefined;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

// Runs after a timeout too: no process is left behind on the port or the database.
test.afterEach(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    for (const pid of childrenOf(server.process.pid!)) process.kill(pid, "SIGKILL");
    await server.stop("SIGKILL");
  }
  await database?.drop();
});

test("WEB_CONCURRENCY=2 runs two server processes that share the port and stand in for each other", async () => {
  test.setTimeout(120_000);
  test.skip(!(await postgresReachable()), "no PostgreSQL server reachable");
  database = await createDatabase();
  server = await startServer({
    env: { DATABASE_URL: database.url, WEB_CONCURRENCY: String(PROCESSES) },
  });
  const parent = server.process.pid!;
  await expect.poll(() => childrenOf(parent).length, { timeout: 30_000 }).toBe(PROCESSES);
  // Both have started before the test goes on: the first ready one does not wait for the other.
  await expect
    .poll(() => logLines(server!).filter((line) => line.msg === "listening").length, {
      timeout: 30_000,
    })
    .toBe(PROCESSES);

  for (let request = 0; request < 20; request++) {
    expect(await statusOnNewConnection(`${server.baseUrl}/readyz`)).toBe(200);
  }
  const answeredBy = new Set(
    logLines(server)
      .filter((line) => line.msg === "request" && line.path === "/readyz")
      .map((line) => line.process),
  );
  expect([...answeredBy].sort()).toEqual([1, 2]);

  // One dies outright: once the parent knows, the other answers every request, and a new
  // one takes the dead one's place.
  const [victim] = childrenOf(parent);
  process.kill(victim!, "SIGKILL");
  await expect
    .poll(() => logLines(server!).some((line) => String(line.msg).includes("died")), {
      timeout: 10_000,
    })
    .toBe(true);
  for (let request = 0; request < 5; request++) {
    expect(await statusOnNewConnection(`${server.baseUrl}/`)).toBe(200);
  }
  await expect
    .poll(
      () =>
        logLines(server!).filter(
          (line) => line.msg === "listening" && line.process === PROCESSES + 1,
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  expect(childrenOf(parent)).toHaveLength(PROCESSES);
  expect(childrenOf(parent)).not.toContain(victim);
  expect(await statusOnNewConnection(`${server.baseUrl}/readyz`)).toBe(200);

  const children = childrenOf(parent);
  expect(await server.stop("SIGTERM")).toBe(0);
  expect(children.filter(isRunning)).toEqual([]);
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
