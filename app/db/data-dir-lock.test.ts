import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import {
  DatabaseInUseError,
  lockDatabaseDir,
  lockFileFor,
  readHolder,
} from "./data-dir-lock.server";

let root: string;
let sleeper: ChildProcess;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "lumen-lock-"));
  // A live process other than this one, standing in for a running server.
  sleeper = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
});

afterAll(() => {
  sleeper.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

let dirCount = 0;
const newDatabaseDir = () => path.join(root, `data-${++dirCount}`, "db");
const releases: Array<() => void> = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

/** A lock file as another process would have written it. */
function writeLock(databaseDir: string, holder: Record<string, unknown>) {
  const lockFile = lockFileFor(databaseDir);
  mkdirFor(lockFile);
  writeFileSync(lockFile, JSON.stringify(holder));
  return lockFile;
}
function mkdirFor(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
}

/** Field 22 of /proc/<pid>/stat, as the lock records it (null off Linux). */
function startTimeOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
  } catch {
    return null;
  }
}

describe("the embedded database's lock", () => {
  it("is written beside the folder while it is open and removed on close", async () => {
    const dir = newDatabaseDir();
    const database = await openDatabase({ driver: "pglite", dataDir: dir });
    const lockFile = path.join(path.dirname(dir), "db.lock");
    expect(readHolder(lockFile)?.pid).toBe(process.pid);
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses while a live process holds it, naming that process", () => {
    const dir = newDatabaseDir();
    const pid = sleeper.pid!;
    writeLock(dir, {
      pid,
      startTime: startTimeOf(pid),
      command: "build/server/start.js",
      since: "2030-01-01T00:00:00.000Z",
    });
    let refusal: unknown;
    try {
      releases.push(lockDatabaseDir(dir));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as DatabaseInUseError).holder.pid).toBe(pid);
    expect((refusal as Error).message).toContain(`pid ${pid}`);
    // The holder's lock is left as it was.
    expect(readHolder(lockFileFor(dir))?.pid).toBe(pid);
  });

  it("opening the database refuses too, before touching its files", async () => {
    const dir = newDatabaseDir();
    const pid = sleeper.pid!;
    writeLock(dir, { pid, startTime: startTimeOf(pid), command: "x", since: "y" });
    await expect(openDatabase({ driver: "pglite", dataDir: dir })).rejects.toBeInstanceOf(
      DatabaseInUseError,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it("replaces a lock left by a process that has ended (a crash)", () => {
    const dir = newDatabaseDir();
    const ended = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], {
      encoding: "utf8",
    });
    const deadPid = Number(ended.stdout.trim());
    const lockFile = writeLock(dir, { pid: deadPid, startTime: 1, command: "x", since: "y" });
    releases.push(lockDatabaseDir(dir));
    expect(readHolder(lockFile)?.pid).toBe(process.pid);
  });

  it("replaces a lock whose pid now belongs to another process (pid reused)", () => {
    const dir = newDatabaseDir();
    const pid = sleeper.pid!;
    const startTime = startTimeOf(pid);
    if (startTime === null) return; // no /proc: a live pid is trusted
    const lockFile = writeLock(dir, { pid, startTime: startTime - 1, command: "x", since: "y" });
    releases.push(lockDatabaseDir(dir));
    expect(readHolder(lockFile)?.pid).toBe(process.pid);
  });

  it("replaces a lock naming this very process (a restarted container reuses its pid)", () => {
    const dir = newDatabaseDir();
    const lockFile = writeLock(dir, { pid: process.pid, startTime: 1, command: "x", since: "y" });
    releases.push(lockDatabaseDir(dir));
    expect(readHolder(lockFile)?.since).not.toBe("y");
  });

  it("replaces an unreadable lock file", () => {
    const dir = newDatabaseDir();
    const lockFile = lockFileFor(dir);
    mkdirFor(lockFile);
    writeFileSync(lockFile, "");
    releases.push(lockDatabaseDir(dir));
    expect(readHolder(lockFile)?.pid).toBe(process.pid);
  });

  it("another process cannot open a folder this process has open", async () => {
    const dir = newDatabaseDir();
    const database = await openDatabase({ driver: "pglite", dataDir: dir });
    try {
      const probe = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("./app/db/data-dir-lock.server.ts").then((m) => {
             try { m.lockDatabaseDir(${JSON.stringify(dir)}); console.log("taken"); }
             catch (error) { console.log(error.name); }
           });`,
        ],
        { encoding: "utf8", cwd: path.resolve(import.meta.dirname, "../..") },
      );
      expect(probe.stdout.trim()).toBe("DatabaseInUseError");
    } finally {
      await database.close();
    }
  });
});
