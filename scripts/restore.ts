// `npm run restore -- FILE [--replace]`: restores a backup made by `npm run backup` (or the
// nightly job) into DATA_DIR. It checks the whole file before touching anything, refuses
// while a server has the database open, and refuses a DATA_DIR that holds data unless
// --replace, which moves that data aside. See docs/OPERATIONS.md and docs/decisions/017.
import { parseArgs } from "node:util";
import { DatabaseInUseError } from "../app/db/data-dir-lock.server";
import {
  InvalidBackupError,
  restoreBackup,
  RestoreRefusedError,
} from "../app/modules/backups/backups.server";
import { storageConfigOrExit } from "./lib/storage-config";

const usage = "Usage: npm run restore -- <backup file> [--replace]";
let parsed;
try {
  parsed = parseArgs({ options: { replace: { type: "boolean" } }, allowPositionals: true });
} catch {
  console.error(usage);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

const storage = storageConfigOrExit();
if (storage.databaseUrl) {
  console.error(
    [
      "DATABASE_URL is set: this command restores the embedded database only.",
      "Restore a pg_dump of PostgreSQL into an empty database with",
      '  pg_restore --no-owner --dbname="$DATABASE_URL" lumen-….dump',
      "or unset DATABASE_URL to restore this file into DATA_DIR. See docs/OPERATIONS.md.",
    ].join("\n"),
  );
  process.exit(2);
}

try {
  const restored = await restoreBackup({
    file,
    dataDir: storage.dataDir,
    replace: parsed.values.replace === true,
  });
  if (restored.replacedTo) console.log(`What was in DATA_DIR is now in ${restored.replacedTo}.`);
  console.log(
    `Restored the backup of ${restored.manifest.createdAt} into ${storage.dataDir} (${restored.leads} lead${restored.leads === 1 ? "" : "s"}).`,
  );
  if (!restored.manifest.authSecret) {
    console.log(
      "It holds no generated secret: start the server with the AUTH_SECRET it had, or staff authenticators and sessions will not work.",
    );
  }
  console.log("Start the server with `npm start`.");
} catch (error) {
  if (error instanceof InvalidBackupError) {
    console.error(
      `${file} is not a backup that can be restored: ${error.message}. Nothing was changed.`,
    );
  } else if (error instanceof DatabaseInUseError) {
    console.error(
      `The embedded database in ${error.databaseDir} is in use by process ${error.holder.pid} (${error.holder.command}). Nothing was changed. Stop the server first, or restore into another DATA_DIR.`,
    );
  } else if (error instanceof RestoreRefusedError) {
    console.error(error.message);
  } else {
    console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
