// `npm run db:seed`: applies migrations and the demo content to the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR; stop the server first for the latter,
// since only one process may open an embedded database).
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { seedDemoContent } from "../app/db/seed";
import { ConfigError, loadConfig, loadDotEnv } from "../app/modules/platform/config.server";

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

const database = await openDatabase(
  config.databaseUrl
    ? { driver: "postgres", url: config.databaseUrl }
    : { driver: "pglite", dataDir: path.join(config.dataDir, "db") },
);
try {
  await database.migrate();
  await seedDemoContent(database.db);
  console.log(
    `Demo content is in the ${database.driver === "postgres" ? "PostgreSQL" : "embedded"} database.`,
  );
} finally {
  await database.close();
}
