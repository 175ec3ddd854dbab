// `npm run backup`: writes a backup of the embedded database into DATA_DIR/backups, while
// the server runs (the server writes it, asked by a request file and SIGUSR2) or not (this
// command opens the database itself). With DATABASE_URL it names PostgreSQL's own tools and
// exits 2. See docs/OPERATIONS.md and docs/decisions/017.
import { existsSync, readdirSync } from "node:fs";
import { openDatabase } from "../app/db/client.server";
import { DatabaseInUseError } from "../app/db/data-dir-lock.server";
import {
  databaseDir,
  NotListeningError,
  requestBackupFromServer,
  writeBackup,
  type WrittenBackup,
} from "../app/modules/backups/backups.server";
import { storageConfigOrExit } from "./lib/storage-config";

const storage = storageConfigOrExit();

if (storage.databaseUrl) {
  console.error(
    [
      "DATABASE_URL is set: the data is in PostgreSQL, which this command does not back up.",
      "Use PostgreSQL's own tools (a client of the server's major version or newer), e.g.",
      '  pg_dump --format=custom --file=lumen-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"',
      "and to restore into an empty database:",
      '  pg_restore --no-owner --dbname="$DATABASE_URL" lumen-….dump',
      "See docs/OPERATIONS.md.",
    ].join("\n"),
  );
  process.exit(2);
}

const { dataDir } = storage;
const dbDir = databaseDir(dataDir);
if (!existsSync(dbDir) || readdirSync(dbDir).length === 0) {
  console.error(`There is no embedded database in ${dbDir}: nothing to back up.`);
  process.exit(1);
}

let written: WrittenBackup;
try {
  const database = await openDatabase({ driver: "pglite", dataDir: dbDir });
  try {
    written = await writeBackup(database, dataDir, "manual");
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { holder } = error;
  try {
    console.log(
      `The server (process ${holder.pid}) has the database open; asking it for a backup.`,
    );
    written = await requestBackupFromServer(dataDir, holder.pid);
  } catch (requestError) {
    console.error(
      requestError instanceof NotListeningError
        ? `The embedded database is open in process ${holder.pid} (${holder.command}), which takes no backup requests. Run this command again once it has finished.`
        : `The backup failed: ${requestError instanceof Error ? requestError.message : String(requestError)}`,
    );
    process.exit(1);
  }
}

const megabytes = (written.bytes / 1_048_576).toFixed(1);
const leads = `${written.leads} lead${written.leads === 1 ? "" : "s"}`;
console.log(`Backup written: ${written.file} (${megabytes} MB, ${leads})`);
console.log("Copy it off this machine; restore it with `npm run restore -- <file>`.");
