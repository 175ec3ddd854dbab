// `npm run admin:create -- --email E --role admin|editor [--name "N"]`: creates a staff
// account on the configured database (or, for an existing one, sets its role and a new
// password, lifting any lock on it), and prints the generated password once. With the
// embedded database it refuses to run while a server has the database open.
import path from "node:path";
import { parseArgs } from "node:util";
import PgBoss from "pg-boss";
import { openDatabase } from "../app/db/client.server";
import { DatabaseInUseError } from "../app/db/data-dir-lock.server";
import { ConfigError, loadConfig, loadDotEnv } from "../app/modules/platform/config.server";
import { createOrResetStaffAccount } from "../app/modules/staff/admin-command.server";
import { isStaffRole } from "../app/modules/staff/permissions";

const usage =
  'Usage: npm run admin:create -- --email someone@example.com --role admin|editor [--name "Full Name"]';
const { values } = parseArgs({
  options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isStaffRole(values.role)) {
  console.error(usage);
  process.exit(2);
}
const role = values.role;

loadDotEnv();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const line of error.lines) console.error(line);
    process.exit(1);
  }
  throw error;
}

let database;
try {
  database = await openDatabase(
    config.databaseUrl
      ? { driver: "postgres", url: config.databaseUrl }
      : { driver: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    const { databaseDir, holder } = error;
    console.error(
      [
        `The embedded database in ${databaseDir} is in use by process ${holder.pid} (${holder.command}), most likely the running server. Nothing was changed.`,
        `Stop the server first (Ctrl+C in its terminal, or \`kill ${holder.pid}\`), run this command again, then start the server.`,
        "With PostgreSQL (DATABASE_URL) instead, this command is safe while servers run.",
      ].join("\n"),
    );
    process.exit(1);
  }
  console.error(
    `Could not open the database (${error instanceof Error ? error.message : String(error)}). ` +
      "With the embedded database, stop the server first.",
  );
  process.exit(1);
}

try {
  await database.migrate();
  // Not started: account creation sends no mail; the queue is only a dependency here.
  const boss = new PgBoss({ db: { executeSql: database.executeSql } });
  const { created, password } = await createOrResetStaffAccount(
    { database, boss, config },
    { email, role, name: values.name },
  );
  console.log(
    created
      ? `Created ${role} ${email} with the password: ${password}`
      : `${email} is now ${role === "admin" ? "an admin" : "an editor"}, unlocked, with a new password: ${password}`,
  );
  console.log(
    "It is shown only this once; sign in at /admin/login and change it under My account.",
  );
} finally {
  await database.close();
}
