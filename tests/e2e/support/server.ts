import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const START_FILE = path.join(ROOT, "build", "server", "start.js");

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  logFile: string;
  dataDir: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts the production build as a separate process and waits until /readyz answers 200. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // A folder made here is the server's alone: it goes when the process has ended.
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "lumen-server-"));
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [START_FILE], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  let logAtExit: string | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      if (temporary) {
        logAtExit = readLog(logFile);
        rmSync(dataDir, { recursive: true, force: true });
      }
      resolve(code);
    }),
  );
  const baseUrl = `http://localhost:${port}`;
  const server: RunningServer = {
    process: child,
    baseUrl,
    logFile,
    dataDir,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  try {
    await waitForReady(server);
  } catch (error) {
    // The log is quoted, as the folder holding it may be removed with the process.
    const log = logAtExit ?? readLog(logFile);
    const message = `${error instanceof Error ? error.message : String(error)}; the end of its log:\n${log.split("\n").slice(-30).join("\n")}`;
    // A server that did not come up is not left running behind the failed test.
    child.kill("SIGKILL");
    throw new Error(message);
  }
  return server;
}

async function waitForReady(server: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void server.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error("The server exited during start");
    try {
      const response = await fetch(`${server.baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms`);
}

function readLog(logFile: string): string {
  try {
    return readFileSync(logFile, "utf8");
  } catch {
    return "(none)";
  }
}

/** The server's JSON log lines. */
export function parseLog(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
