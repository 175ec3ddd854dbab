import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { migrationsFolder, type DatabaseHandle, type ExecuteSql } from "~/db/client.server";
import { lockDatabaseDirExclusively } from "~/db/data-dir-lock.server";
import type { Logger } from "~/modules/platform/logger.server";
import {
  InvalidBackupError,
  packBackup,
  unpackBackup,
  type BackupKind,
  type BackupManifest,
} from "./backup-file.server";

/**
 * Backups of the embedded database (docs/decisions/017). The process that has DATA_DIR/db
 * open is the only one that may read it, so the running server writes every backup: the
 * nightly job's, and `npm run backup`'s, which it asks for with a request file and SIGUSR2.
 * With no server running, the command opens the folder itself.
 */

const gzipAsync = promisify(gzip);

/** Nightly backups kept in DATA_DIR/backups; manual ones are the operator's to remove. */
export const NIGHTLY_BACKUPS_KEPT = 14;
const BACKUP_FILE = /^lumen-(manual|nightly)-(\d{8}T\d{6}Z)(?:-\d+)?\.tar$/;
const LISTENER_FILE = ".server.json";
const REQUEST_PREFIX = ".request-";
const ANSWER_PREFIX = ".answer-";

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");
export const databaseDir = (dataDir: string) => path.join(dataDir, "db");
const secretFile = (dataDir: string) => path.join(dataDir, "auth-secret");

export interface WrittenBackup {
  file: string;
  bytes: number;
  leads: number;
  /** How long the database served nothing else while it was read. */
  pausedMs: number;
}

type Dumpable = Pick<DatabaseHandle, "dumpDataDir">;

/**
 * Dumps the open embedded database and writes it, with DATA_DIR's generated secret, as
 * DATA_DIR/backups/lumen-<kind>-<time>.tar: under a temporary name, flushed, then renamed,
 * so a backup file is always whole.
 */
export async function writeBackup(
  database: Dumpable,
  dataDir: string,
  kind: BackupKind,
  now = new Date(),
): Promise<WrittenBackup> {
  if (!database.dumpDataDir) throw new Error("Only the embedded database is backed up here");
  const pauseStarted = performance.now();
  const { tarball, read } = await database.dumpDataDir(async (executeSql) => ({
    leads: await countLeads(executeSql),
    lastMigration: await lastAppliedMigration(executeSql),
  }));
  const pausedMs = Math.round(performance.now() - pauseStarted);
  const { leads, lastMigration } = read;
  // Off the event loop, in zlib's threads: requests are served meanwhile.
  const dump = await gzipAsync(new Uint8Array(await tarball.arrayBuffer()), { level: 6 });
  const secret = existsSync(secretFile(dataDir))
    ? readFileSync(secretFile(dataDir), "utf8").trim()
    : undefined;
  const bytes = packBackup({
    database: dump,
    authSecret: secret,
    kind,
    createdAt: now,
    leads,
    lastMigration,
  });
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = freeName(dir, `lumen-${kind}-${stamp(now)}`);
  writeFileAtomically(file, bytes);
  return { file, bytes: bytes.byteLength, leads, pausedMs };
}

/** Removes the oldest nightly backups beyond the newest `keep`; returns the names removed. */
export function pruneNightlyBackups(dataDir: string, keep = NIGHTLY_BACKUPS_KEPT): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  const nightly = readdirSync(dir)
    .filter((name) => BACKUP_FILE.exec(name)?.[1] === "nightly")
    .sort();
  const removed = nightly.slice(0, Math.max(0, nightly.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

export interface BackupService {
  /** Writes one backup; backups run one at a time. */
  write(kind: BackupKind): Promise<WrittenBackup>;
  /** The nightly job: a backup, then the oldest nightly ones beyond 14 removed. */
  runNightly(): Promise<{ written: WrittenBackup; removed: number }>;
  /** Takes no more requests and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * The server's side: backs up the database it holds open, for the nightly job and for
 * `npm run backup`, which writes a request file and sends SIGUSR2. DATA_DIR's permissions
 * are the only key: whoever may write there and signal the server may read the data anyway.
 */
export function startBackupService(options: {
  database: Dumpable;
  dataDir: string;
  logger: Logger;
}): BackupService {
  const { database, dataDir, logger } = options;
  const dir = backupsDir(dataDir);
  let queue: Promise<unknown> = Promise.resolve();
  const write = (kind: BackupKind): Promise<WrittenBackup> => {
    const run = queue.then(async () => {
      const started = performance.now();
      const written = await writeBackup(database, dataDir, kind);
      // The file's name and figures only: never what it holds.
      logger.info(
        {
          backup: path.basename(written.file),
          kind,
          bytes: written.bytes,
          leads: written.leads,
          pausedMs: written.pausedMs,
          ms: Math.round(performance.now() - started),
        },
        "backup written",
      );
      return written;
    });
    queue = run.catch(() => {});
    return run;
  };

  const answerRequests = async () => {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(REQUEST_PREFIX)) continue;
      const id = name.slice(REQUEST_PREFIX.length);
      if (!/^[a-f0-9]{16}$/.test(id)) continue;
      try {
        // Taking the request away first: a second signal does not answer it twice.
        unlinkSync(path.join(dir, name));
      } catch {
        continue;
      }
      let answer: BackupAnswer;
      try {
        answer = { ok: true, ...(await write("manual")) };
      } catch (err) {
        logger.error({ err }, "backup failed");
        answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      writeFileAtomically(path.join(dir, `${ANSWER_PREFIX}${id}.json`), JSON.stringify(answer));
    }
  };
  const onSignal = () => {
    answerRequests().catch((err: unknown) => logger.error({ err }, "backup request failed"));
  };

  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Requests and answers left by a command that gave up before this start: nobody waits.
  for (const name of readdirSync(dir)) {
    if (name.startsWith(REQUEST_PREFIX) || name.startsWith(ANSWER_PREFIX)) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
  // The handler first: SIGUSR2 ends a process that has none, and the command signals as
  // soon as it reads the listener file.
  process.on("SIGUSR2", onSignal);
  writeFileAtomically(path.join(dir, LISTENER_FILE), JSON.stringify({ pid: process.pid }));

  return {
    write,
    runNightly: async () => {
      const written = await write("nightly");
      return { written, removed: pruneNightlyBackups(dataDir).length };
    },
    stop: async () => {
      process.off("SIGUSR2", onSignal);
      rmSync(path.join(dir, LISTENER_FILE), { force: true });
      await queue;
    },
  };
}

type BackupAnswer = ({ ok: true } & WrittenBackup) | { ok: false; error: string };

/** The lock holder is not a server that takes backup requests (admin:create, db:seed). */
export class NotListeningError extends Error {}

/**
 * The command's side while a server holds the database: asks the server (process `pid`) for
 * a backup and waits for its answer.
 */
export async function requestBackupFromServer(
  dataDir: string,
  pid: number,
  timeoutMs = 15 * 60_000,
): Promise<WrittenBackup> {
  const dir = backupsDir(dataDir);
  const listener = readJson<{ pid?: unknown }>(path.join(dir, LISTENER_FILE));
  if (listener?.pid !== pid) throw new NotListeningError();
  const id = randomBytes(8).toString("hex");
  const answerFile = path.join(dir, `${ANSWER_PREFIX}${id}.json`);
  writeFileAtomically(path.join(dir, `${REQUEST_PREFIX}${id}`), "");
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const answer = readJson<BackupAnswer>(answerFile);
      if (answer) {
        rmSync(answerFile, { force: true });
        if (!answer.ok) throw new Error(`The server could not write the backup: ${answer.error}`);
        return answer;
      }
      if (!isAlive(pid)) throw new Error(`The server (process ${pid}) stopped before answering`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    rmSync(path.join(dir, `${REQUEST_PREFIX}${id}`), { force: true });
  }
  throw new Error(
    `The server (process ${pid}) did not answer within ${Math.round(timeoutMs / 60_000)} minutes; see its log`,
  );
}

/** A restore that would harm what is there; the message says what to do instead. */
export class RestoreRefusedError extends Error {}

export interface RestoredBackup {
  manifest: BackupManifest;
  leads: number;
  /** Where the data that was there went, with --replace. */
  replacedTo: string | undefined;
}

/**
 * Restores a backup file into DATA_DIR: checks the file whole first, holds the database's
 * lock (so no server starts meanwhile, and none may be running), opens the database in a
 * staging folder to prove it is whole, then moves it into place. A DATA_DIR that holds a
 * database or a secret is refused unless `replace`, and then they are moved aside, never
 * deleted.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  replace: boolean;
  now?: Date;
}): Promise<RestoredBackup> {
  const { file, dataDir, replace } = options;
  const contents = unpackBackup(readBackupFile(file));
  const newest = newestKnownMigration();
  if (contents.manifest.lastMigration !== null && contents.manifest.lastMigration > newest) {
    throw new InvalidBackupError(
      "it was made by a newer version of this program; restore it with that version or newer",
    );
  }
  mkdirSync(dataDir, { recursive: true });
  // Throws DatabaseInUseError while a server (or another command) has it open.
  const unlock = lockDatabaseDirExclusively(databaseDir(dataDir));
  const staging = path.join(dataDir, `.restore-${process.pid}-${Date.now()}`);
  try {
    const present = [databaseDir(dataDir), secretFile(dataDir)].filter(holdsSomething);
    if (present.length > 0 && !replace) {
      throw new RestoreRefusedError(
        `${dataDir} already holds data (${present.map((p) => path.basename(p)).join(", ")}); nothing was changed. ` +
          "Restore into an empty DATA_DIR, or run again with --replace to move what is there " +
          "into a replaced-<time> folder inside it first (nothing is deleted).",
      );
    }
    mkdirSync(staging, { mode: 0o700 });
    const stagedDb = path.join(staging, "db");
    const client = await PGlite.create(stagedDb, {
      loadDataDir: new Blob([contents.database as Uint8Array<ArrayBuffer>]),
    });
    let leads: number;
    try {
      leads = await countLeads(async (text) => ({
        rows: (await client.query<Record<string, unknown>>(text)).rows,
      }));
    } finally {
      await client.close();
    }
    if (leads !== contents.manifest.leads) {
      throw new InvalidBackupError(
        `its database holds ${leads} leads where its manifest says ${contents.manifest.leads}`,
      );
    }
    let replacedTo: string | undefined;
    if (present.length > 0) {
      replacedTo = path.join(dataDir, `replaced-${stamp(options.now ?? new Date())}`);
      mkdirSync(replacedTo, { recursive: true, mode: 0o700 });
      for (const item of present) renameSync(item, path.join(replacedTo, path.basename(item)));
    }
    rmSync(databaseDir(dataDir), { recursive: true, force: true });
    renameSync(stagedDb, databaseDir(dataDir));
    if (contents.authSecret) writeFileAtomically(secretFile(dataDir), `${contents.authSecret}\n`);
    return { manifest: contents.manifest, leads, replacedTo };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

function readBackupFile(file: string): Uint8Array {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new InvalidBackupError("it is not a file");
    size = stat.size;
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError("it cannot be read (no such file, or no permission)");
  }
  if (size < 1024) throw new InvalidBackupError("it is too small to be a backup");
  return readFileSync(file);
}

async function countLeads(executeSql: ExecuteSql): Promise<number> {
  const { rows } = await executeSql("select count(*)::int as leads from leads");
  return Number(rows[0]?.leads ?? 0);
}

async function lastAppliedMigration(executeSql: ExecuteSql): Promise<number | null> {
  const { rows } = await executeSql(
    "select max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const last = rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

function newestKnownMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** 20261127T073000Z: sorts by time, and is a valid file name everywhere. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

function freeName(dir: string, base: string): string {
  for (let n = 0; ; n++) {
    const file = path.join(dir, `${base}${n === 0 ? "" : `-${n}`}.tar`);
    if (!existsSync(file)) return file;
  }
}

/** Written under a temporary name, flushed to disk, then renamed over the final name. */
function writeFileAtomically(file: string, data: Uint8Array | string): void {
  const temporary = `${file}.partial-${process.pid}`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  // The rename itself reaches the disk with the folder's entry.
  const dirFd = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

function holdsSomething(item: string): boolean {
  try {
    const stat = statSync(item);
    return stat.isDirectory() ? readdirSync(item).length > 0 : true;
  } catch {
    return false;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export { InvalidBackupError };
export type { BackupKind };
