import { execFileSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "./server";

/** An affiliate for the affiliate screens' browser tests, with their clicks and leads. */
export interface FixtureAffiliate {
  name: string;
  email: string;
  code: string;
  status: "pending" | "approved" | "rejected" | "disabled";
  howTheyKnow?: string;
  /** A password hash (better-auth/crypto's hashPassword), for an affiliate who signs in. */
  passwordHash?: string;
  /** Referral clicks on their code. */
  clicks?: number;
  /** Their leads' statuses, one lead each. */
  leads?: ("new" | "contacted" | "won" | "lost")[];
}

/**
 * Writes `affiliates` into the embedded database of `dataDir` before a server opens it: an
 * application waiting for review has no other way in on a test server.
 */
export function seedAffiliates(dataDir: string, affiliates: FixtureAffiliate[]): void {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"),
      "tests/e2e/support/affiliate-fixtures.ts",
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: dataDir,
        E2E_AFFILIATES: JSON.stringify(affiliates),
      },
      stdio: "inherit",
    },
  );
}
