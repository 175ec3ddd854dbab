// Authors and categories for the post editor's browser tests, written into DATA_DIR's
// embedded database before the test server opens it (the screens for them are separate).
// Run by tests/e2e/global-setup.ts with tsx; safe to run again.
import path from "node:path";
import { openDatabase } from "../../../app/db/client.server";
import { authors, categories } from "../../../app/db/schema";

export const E2E_AUTHOR = { name: "Riley Tester", slug: "riley-tester" };
export const E2E_CATEGORIES = [
  { name: "Planning", slug: "planning" },
  { name: "Showers", slug: "showers" },
];

const dataDir = process.env.DATA_DIR;
if (process.argv[1]?.endsWith("content-fixtures.ts")) {
  if (!dataDir) throw new Error("DATA_DIR is needed");
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    await database.db.insert(authors).values(E2E_AUTHOR).onConflictDoNothing();
    await database.db.insert(categories).values(E2E_CATEGORIES).onConflictDoNothing();
  } finally {
    await database.close();
  }
}
