import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database (PGlite) has no lock of its own: a second process that opens the
 * same folder works on its own copy of the pages and one of the two loses its writes. So
 * whoever opens it (the server, `npm run admin:create`, `npm run db:seed`) first writes
 * `<folder>.lock` naming its process, and removes it on close. A lock left by a process
 * that no longer runs (a crash, SIGKILL, a power cut) is ignored and replaced.
 */

export interface LockHolder {
  pid: number;
  /** Linux's start time of the process (clock ticks since boot): tells a reused pid apart. */
  startTime: number | null;
  command: string;
  since: string;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly databaseDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${databaseDir} is open in another process ` +
        `(pid ${holder.pid}, ${holder.command}, since ${holder.since}); ` +
        "only one process may open it at a time.",
    );
    this.name = "DatabaseInUseError";
  }
}

export const lockFileFor = (databaseDir: string): string =>
  path.join(path.dirname(path.resolve(databaseDir)), `${path.basename(databaseDir)}.lock`);

/** Opens in this process, so a second open here (the same owner) shares the one lock file. */
const heldHere = new Map<string, number>();

/**
 * Takes the lock of an embedded database folder for this process, or throws
 * DatabaseInUseError naming the live process that holds it. Returns the release function.
 */
export function lockDatabaseDir(databaseDir: string): () => void {
  const lockFile = lockFileFor(databaseDir);
  const count = heldHere.get(lockFile) ?? 0;
  if (count === 0) acquire(databaseDir, lockFile);
  heldHere.set(lockFile, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldHere.get(lockFile) ?? 1) - 1;
    if (left > 0) {
      heldHere.set(lockFile, left);
      return;
    }
    heldHere.delete(lockFile);
    // Only our own lock is removed: never one that replaced it after it was judged stale.
    if (readHolder(lockFile)?.pid === process.pid) removeIfPresent(lockFile);
  };
}

/**
 * Takes the lock for work that replaces the folder (a restore): unlike lockDatabaseDir, it
 * refuses even when this very process has the database open.
 */
export function lockDatabaseDirExclusively(databaseDir: string): () => void {
  const lockFile = lockFileFor(databaseDir);
  if (heldHere.has(lockFile)) {
    const holder = readHolder(lockFile);
    if (holder) throw new DatabaseInUseError(path.resolve(databaseDir), lockFile, holder);
  }
  return lockDatabaseDir(databaseDir);
}

function acquire(databaseDir: string, lockFile: string): void {
  const me: LockHolder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    command: process.argv.slice(1, 3).map(shortPath).join(" ") || "node",
    since: new Date().toISOString(),
  };
  // Written whole under a private name, then linked into place: link fails if the lock
  // exists, so two processes starting together cannot both take it, and nobody ever
  // reads a half-written file.
  const draft = `${lockFile}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`);
  try {
    for (let tries = 0; tries < 5; tries++) {
      try {
        linkSync(draft, lockFile);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(lockFile);
      if (holder && isRunning(holder)) {
        throw new DatabaseInUseError(path.resolve(databaseDir), lockFile, holder);
      }
      removeIfPresent(lockFile);
    }
    throw new Error(`Could not take the lock ${lockFile}`);
  } finally {
    removeIfPresent(draft);
  }
}

/** The process named in a lock file; undefined when there is none or it is unreadable. */
export function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockHolder>;
    if (typeof holder.pid !== "number" || !Number.isInteger(holder.pid) || holder.pid <= 0) {
      return undefined;
    }
    return {
      pid: holder.pid,
      startTime: typeof holder.startTime === "number" ? holder.startTime : null,
      command: typeof holder.command === "string" ? holder.command : "unknown command",
      since: typeof holder.since === "string" ? holder.since : "an unknown time",
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote the lock still runs. A lock naming this very process was
 * left by an earlier run that got the same pid (a container restarted), so it is stale.
 */
function isRunning(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

/** Field 22 of /proc/<pid>/stat on Linux; null elsewhere. */
function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function shortPath(arg: string): string {
  return path.isAbsolute(arg) ? path.relative(process.cwd(), arg) || arg : arg;
}
