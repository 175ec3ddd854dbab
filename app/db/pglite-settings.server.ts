import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { execFile } from "node:child_process";
import { createHash, type Hash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
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

/** A hash of the migrations' files (names and contents), to name what they produce. */
export function migrationsHash(migrationsFolder: string): Hash {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json")) {
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    }
  }
  return hash;
}

/**
 * Where a newly made database folder is kept for the next one (node_modules/.cache), named
 * by what it holds: the PGlite version, the settings and the migrations. initdb and the
 * migrations take about 9 s of a 2-core machine's time; copying the kept folder a fraction
 * of a second. Every test server and benchmark starts on a new folder.
 */
export function embeddedTemplateDir(migrationsFolder: string): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const marker = `${path.sep}node_modules${path.sep}`;
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const packageJson = path.join(nodeModules, "@electric-sql", "pglite", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const contents = migrationsHash(migrationsFolder).update(JSON.stringify(EMBEDDED_START_PARAMS));
  const key = `pglite-${version}-${contents.digest("hex").slice(0, 16)}`;
  return path.join(nodeModules, ".cache", "lumen-embedded-cluster", key);
}

/** initdb and the migrations, in the child process; PGlite closes the folder cleanly. */
const CREATE_DATA_DIR_SCRIPT = `
  const { PGlite } = require(process.env.PGLITE_MODULE);
  const { drizzle } = require(process.env.DRIZZLE_PGLITE_MODULE);
  const { migrate } = require(process.env.DRIZZLE_MIGRATOR_MODULE);
  (async () => {
    const db = await PGlite.create(process.env.PGLITE_DATA_DIR, {
      startParams: JSON.parse(process.env.PGLITE_START_PARAMS),
    });
    await migrate(drizzle({ client: db }), { migrationsFolder: process.env.MIGRATIONS_FOLDER });
    await db.close();
  })().catch((error) => { console.error(error); process.exit(1); });
`;

/** Empties `dir` (made again empty) or removes it, as it was before a failed attempt. */
function undo(dir: string, existed: boolean) {
  rmSync(dir, { recursive: true, force: true });
  if (existed) mkdirSync(dir);
}

/**
 * Creates the embedded database's folder, migrated, when it does not exist yet: a copy of
 * the one kept from the last time (`embeddedTemplateDir`), else made by initdb and the
 * migrations in a short-lived child process and then kept. initdb runs in a WebAssembly
 * instance of its own that grows to several hundred megabytes; in the server's process that
 * memory would stay resident long after it is released (docs/decisions/018). Keeping is best
 * effort (a read-only node_modules only costs time). If the child cannot run, PGlite creates
 * the folder in this process when it is opened, and the server migrates it.
 */
export async function createEmbeddedDataDir(
  dataDir: string,
  options: { migrationsFolder: string; templateDir?: string },
): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const existed = existsSync(dataDir);
  // PGlite does not create parent folders itself.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const templateDir = options.templateDir ?? keptFolderOrUndefined(options.migrationsFolder);
  if (templateDir && existsSync(path.join(templateDir, "PG_VERSION"))) {
    try {
      cpSync(templateDir, dataDir, { recursive: true });
      return;
    } catch {
      undo(dataDir, existed);
    }
  }
  const resolve = createRequire(import.meta.url).resolve;
  try {
    await execFileAsync(process.execPath, ["-e", CREATE_DATA_DIR_SCRIPT], {
      env: {
        ...process.env,
        PGLITE_MODULE: resolve("@electric-sql/pglite"),
        DRIZZLE_PGLITE_MODULE: resolve("drizzle-orm/pglite"),
        DRIZZLE_MIGRATOR_MODULE: resolve("drizzle-orm/pglite/migrator"),
        MIGRATIONS_FOLDER: options.migrationsFolder,
        PGLITE_DATA_DIR: dataDir,
        PGLITE_START_PARAMS: JSON.stringify(EMBEDDED_START_PARAMS),
      },
      timeout: 120_000,
    });
  } catch {
    // PGlite.create in this process runs initdb itself, on a folder without a half-made copy.
    undo(dataDir, existed);
    return;
  }
  if (templateDir) keepAsTemplate(dataDir, templateDir);
}

/** The kept folder's place, or none when it cannot be worked out: then initdb runs. */
function keptFolderOrUndefined(migrationsFolder: string): string | undefined {
  try {
    return embeddedTemplateDir(migrationsFolder);
  } catch {
    return undefined;
  }
}

/** A copy still being made by another process, or left by one that was stopped mid-copy. */
const STALE_PARTIAL_MS = 10 * 60 * 1000;

/** Copies a new folder to `templateDir` whole (staged, then renamed), replacing older ones. */
function keepAsTemplate(dataDir: string, templateDir: string) {
  const keptIn = path.dirname(templateDir);
  const staging = `${templateDir}.${process.pid}.partial`;
  try {
    mkdirSync(keptIn, { recursive: true });
    cpSync(dataDir, staging, { recursive: true });
    renameSync(staging, templateDir);
    for (const entry of readdirSync(keptIn)) {
      const other = path.join(keptIn, entry);
      const inProgress =
        entry.endsWith(".partial") && Date.now() - statSync(other).mtimeMs < STALE_PARTIAL_MS;
      if (entry !== path.basename(templateDir) && !inProgress) {
        rmSync(other, { recursive: true, force: true });
      }
    }
  } catch {
    // Another process kept the same folder first, or node_modules cannot be written.
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Makes every query, batch and transaction started on an in-memory database (the tests';
 * the server's runs on a thread of its own, docs/decisions/021) wait for one turn of the
 * event loop first (docs/decisions/018). PGlite runs each statement
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
