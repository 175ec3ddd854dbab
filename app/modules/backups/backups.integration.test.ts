import { PGlite } from "@electric-sql/pglite";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { DatabaseInUseError } from "~/db/data-dir-lock.server";
import { ensureCompanySettings } from "~/db/seed";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { filledLeadForm } from "~/modules/leads/lead-test-fixtures";
import { submitLead, type LeadServices } from "~/modules/leads/leads.server";
import { createLogger } from "~/modules/platform/logger.server";
import { InvalidBackupError, unpackBackup } from "./backup-file.server";
import {
  backupsDir,
  pruneNightlyBackups,
  requestBackupFromServer,
  restoreBackup,
  RestoreRefusedError,
  startBackupService,
  type BackupService,
} from "./backups.server";

/**
 * Backups of the embedded database (docs/decisions/017), on a real PGlite folder with the
 * job queue running, as in the server. They concern the embedded database only, so this
 * file uses one in both test runs (PostgreSQL is backed up with pg_dump).
 */

const logger = createLogger({ level: "silent" });
const SECRET = "generated-secret-of-this-data-dir-0123456789";
let root: string;
let dataDir: string;
let database: DatabaseHandle;
let jobs: Jobs;
let backups: BackupService;
let services: LeadServices;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "lumen-backups-"));
  dataDir = path.join(root, "data");
  mkdirSync(dataDir);
  writeFileSync(path.join(dataDir, "auth-secret"), `${SECRET}\n`);
  database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  await database.migrate();
  await ensureCompanySettings(database.db);
  jobs = await startJobs(database, logger, { publicUrl: new URL("https://lumen.example") });
  backups = startBackupService({ database, dataDir, logger });
  services = {
    database,
    boss: jobs.boss,
    logger,
    publicUrl: new URL("https://lumen.example"),
    secret: SECRET,
  };
}, 60_000);

afterAll(async () => {
  await backups?.stop();
  await jobs?.stop();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

let leadNumber = 0;
async function submitLeads(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `backup-${++leadNumber}@example.com`;
    const outcome = await submitLead(services, {
      values: filledLeadForm({ email }),
      honeypot: "",
      formToken: undefined,
      channel: "json",
      tracking: {},
      cookieTracking: {},
      affiliateCode: undefined,
      visitorId: undefined,
      // Each lead from its own address, under the per-address limit.
      ip: `198.51.100.${leadNumber}`,
      userAgent: "backup test",
      pagePath: undefined,
    });
    expect(outcome.kind).toBe("stored");
    emails.push(email);
  }
  return emails;
}

async function emailsIn(dataDirToRead: string): Promise<string[]> {
  const client = await PGlite.create(path.join(dataDirToRead, "db"));
  try {
    const { rows } = await client.query<{ email: string }>(
      "select email from leads order by email",
    );
    return rows.map((row) => row.email);
  } finally {
    await client.close();
  }
}

describe("a backup taken while the database is in use", () => {
  it("restores into an empty DATA_DIR with every lead and the generated secret", async () => {
    const before = await submitLeads(6);
    // Leads keep arriving while the backup is taken: it holds exactly what it counted.
    const [written] = await Promise.all([backups.write("manual"), submitLeads(3)]);
    expect(path.dirname(written.file)).toBe(backupsDir(dataDir));
    expect(path.basename(written.file)).toMatch(/^lumen-manual-\d{8}T\d{6}Z\.tar$/);
    expect(written.leads).toBeGreaterThanOrEqual(before.length);
    // Written under another name first: nothing half-written is left beside it.
    expect(readdirSync(backupsDir(dataDir)).filter((name) => name.includes("partial"))).toEqual([]);

    const target = path.join(root, "restored");
    const restored = await restoreBackup({ file: written.file, dataDir: target, replace: false });
    expect(restored.leads).toBe(written.leads);
    expect(restored.replacedTo).toBeUndefined();
    const emails = await emailsIn(target);
    expect(emails).toHaveLength(written.leads);
    for (const email of before) expect(emails).toContain(email);
    expect(readFileSync(path.join(target, "auth-secret"), "utf8").trim()).toBe(SECRET);
    // The database's lock was let go: a server may open it now.
    expect(existsSync(path.join(target, "db.lock"))).toBe(false);
  });

  it("is written by the server when the command asks for it with SIGUSR2", async () => {
    const emails = await submitLeads(2);
    const written = await requestBackupFromServer(dataDir, process.pid, 60_000);
    const target = path.join(root, "requested");
    await restoreBackup({ file: written.file, dataDir: target, replace: false });
    const restored = await emailsIn(target);
    for (const email of emails) expect(restored).toContain(email);
    // The request and its answer are cleared away.
    expect(
      readdirSync(backupsDir(dataDir)).filter((name) => /^\.(request|answer)-/.test(name)),
    ).toEqual([]);
  });
});

describe("a restore refuses", () => {
  let backupFile: string;
  beforeAll(async () => {
    backupFile = (await backups.write("manual")).file;
  });

  it("the DATA_DIR of a database in use, changing nothing", async () => {
    const listing = readdirSync(dataDir).sort();
    await expect(restoreBackup({ file: backupFile, dataDir, replace: true })).rejects.toThrow(
      DatabaseInUseError,
    );
    expect(readdirSync(dataDir).sort()).toEqual(listing);
  });

  it("a DATA_DIR holding data unless told to replace it, which moves the data aside", async () => {
    const target = path.join(root, "occupied");
    await restoreBackup({ file: backupFile, dataDir: target, replace: false });
    await expect(
      restoreBackup({ file: backupFile, dataDir: target, replace: false }),
    ).rejects.toThrow(RestoreRefusedError);
    const replaced = await restoreBackup({ file: backupFile, dataDir: target, replace: true });
    expect(replaced.replacedTo).toBeDefined();
    expect(readdirSync(replaced.replacedTo!).sort()).toEqual(["auth-secret", "db"]);
    expect((await emailsIn(target)).length).toBe(replaced.leads);
  });

  it("a file that is not a whole backup, before touching anything", async () => {
    const good = readFileSync(backupFile);
    const damaged = Buffer.from(good);
    // A byte in the middle of the database's dump.
    damaged[Math.floor(good.length / 2)]! ^= 0xff;
    const cases: Array<[string, Uint8Array]> = [
      ["damaged.tar", damaged],
      ["cut.tar", good.subarray(0, Math.floor(good.length / 3))],
      ["package.json", readFileSync(path.resolve("package.json"))],
      ["zeros.tar", Buffer.alloc(4096)],
    ];
    for (const [name, bytes] of cases) {
      const file = path.join(root, name);
      writeFileSync(file, bytes);
      expect(() => unpackBackup(bytes), name).toThrow(InvalidBackupError);
      const target = path.join(root, `untouched-${name}`);
      await expect(restoreBackup({ file, dataDir: target, replace: false }), name).rejects.toThrow(
        InvalidBackupError,
      );
      expect(existsSync(target), name).toBe(false);
    }
    await expect(
      restoreBackup({ file: path.join(root, "missing.tar"), dataDir: root, replace: false }),
    ).rejects.toThrow(InvalidBackupError);
  });
});

describe("the nightly backups", () => {
  it("keep the newest 14 and leave manual backups alone", async () => {
    const dir = backupsDir(dataDir);
    const manual = readdirSync(dir).filter((name) => name.startsWith("lumen-manual-"));
    for (let day = 1; day <= 16; day++) {
      const date = `202611${String(day).padStart(2, "0")}T070000Z`;
      writeFileSync(path.join(dir, `lumen-nightly-${date}.tar`), "old");
    }
    const { written, removed } = await backups.runNightly();
    expect(removed).toBe(3);
    const nightly = readdirSync(dir).filter((name) => name.startsWith("lumen-nightly-"));
    expect(nightly).toHaveLength(14);
    expect(nightly).toContain(path.basename(written.file));
    expect(nightly).not.toContain("lumen-nightly-20261103T070000Z.tar");
    expect(nightly).toContain("lumen-nightly-20261104T070000Z.tar");
    expect(readdirSync(dir).filter((name) => name.startsWith("lumen-manual-"))).toEqual(manual);
    expect(pruneNightlyBackups(dataDir)).toEqual([]);
  });
});
