// `npm run admin:create -- --email E --role admin|editor [--name "N"]`: creates a staff
// account on the configured database (or, for an existing one, sets its role and a new
// password), and prints the generated password once. With the embedded database, stop
// the server first: only one process may open it.
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import PgBoss from "pg-boss";
import { openDatabase } from "../app/db/client.server";
import { accounts, users } from "../app/db/schema";
import { ConfigError, loadConfig, loadDotEnv } from "../app/modules/platform/config.server";
import { getAuth } from "../app/modules/staff/auth.server";
import { isStaffRole } from "../app/modules/staff/permissions";
import { createStaffAccount, generatePassword } from "../app/modules/staff/staff.server";

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
  const deps = { database, boss, config };
  const password = generatePassword();
  const [existing] = await database.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    const hash = await (await getAuth(deps).$context).password.hash(password);
    await database.db
      .update(users)
      .set({ role, banned: false, ...(values.name ? { name: values.name } : {}) })
      .where(eq(users.id, existing.id));
    await database.db
      .update(accounts)
      .set({ password: hash })
      .where(eq(accounts.userId, existing.id));
    console.log(
      `${email} is now ${role === "admin" ? "an admin" : "an editor"}, with a new password: ${password}`,
    );
  } else {
    await createStaffAccount(deps, { email, password, role, name: values.name });
    console.log(`Created ${role} ${email} with the password: ${password}`);
  }
  console.log(
    "It is shown only this once; sign in at /admin/login and change it under My account.",
  );
} finally {
  await database.close();
}
