import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The embedded database's PostgreSQL settings (docs/decisions/018). PGlite's memory is one
 * WebAssembly memory that never shrinks, and PostgreSQL's shared memory is allocated in it
 * zeroed at start, so every megabyte of shared_buffers is resident from the first second.
 * Our data is small and its files are read through the system's page cache, so 16 MB of
 * buffers holds what the requests touch; maintenance_work_mem bounds what an index build
 * or a large delete may grow the memory to, for good.
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "maintenance_work_mem=16MB",
];

export const embeddedOptions = (): PGliteOptions => ({
  startParams: [...EMBEDDED_START_PARAMS],
});

const execFileAsync = promisify(execFile);

/**
 * Creates the embedded database's folder (PostgreSQL's initdb) in a short-lived child
 * process when it does not exist yet. initdb runs in a WebAssembly instance of its own that
 * grows to several hundred megabytes; in the server's process that memory would stay
 * resident long after it is released (docs/decisions/018). Falls back to creating it here,
 * when opened, if the child cannot run.
 */
export async function createEmbeddedDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const existed = existsSync(dataDir);
  // PGlite does not create parent folders itself.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pgliteModule = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `
    const { PGlite } = require(process.env.PGLITE_MODULE);
    PGlite.create(process.env.PGLITE_DATA_DIR, { startParams: JSON.parse(process.env.PGLITE_START_PARAMS) })
      .then((db) => db.close())
      .catch((error) => { console.error(error); process.exit(1); });
  `;
  try {
    await execFileAsync(process.execPath, ["-e", script], {
      env: {
        ...process.env,
        PGLITE_MODULE: pgliteModule,
        PGLITE_DATA_DIR: dataDir,
        PGLITE_START_PARAMS: JSON.stringify(EMBEDDED_START_PARAMS),
      },
      timeout: 120_000,
    });
  } catch {
    // PGlite.create in this process runs initdb itself, on a folder without a half-made copy.
    if (!existed) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Makes every query, batch and transaction started on the embedded database wait for one
 * turn of the event loop first (docs/decisions/018). PGlite runs each statement
 * synchronously and resolves at once, so a queue of them ran back to back in microtasks:
 * until it drained the process read no request, accepted no connection and ran no timer,
 * and keep-alive connections whose timers then fired late were closed under requests
 * already sent on them (the client saw a reset).
 */
export function yieldBeforeEachCall(client: PGlite): { settled(): Promise<void> } {
  const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const inFlight = new Set<Promise<unknown>>();
  for (const name of ["query", "exec", "transaction"]) {
    const original = methods[name]!.bind(client);
    methods[name] = (...args: unknown[]) => {
      const call = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        original(...args),
      );
      inFlight.add(call);
      const forget = () => inFlight.delete(call);
      call.then(forget, forget);
      return call;
    };
  }
  return {
    /**
     * Resolves once every call started so far has ended. Closing waits for it: pg-boss
     * completes a finished job without waiting for that query, so a query may still be
     * on its way when the job queue says it has stopped.
     */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
