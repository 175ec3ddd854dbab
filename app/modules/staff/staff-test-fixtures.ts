import { eq } from "drizzle-orm";
import { twoFactors, users } from "~/db/schema";
import { latestAudit, signIn, staffTestWorldForFile } from "./test-support.server";

/**
 * What the staff account tests stand on: this test file's staff world, and the checks they
 * make on it (the newest audit entry, how a sign-in ends, a member's two-factor state).
 */
export function staffFixtures() {
  const world = staffTestWorldForFile();

  const lastAudit = (action: string) => latestAudit(world.database.db, action);

  /** How signing in as `member` ends: "signed_in", "two_factor", "refused"… */
  const signInKind = async (
    member: { email: string; password: string },
    password = member.password,
  ) => (await signIn(world.deps, member.email, password)).kind;

  /** Whether the account has two-factor sign-in on, and the authenticators stored for it. */
  async function twoFactorOf(userId: string) {
    const db = world.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const authenticators = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
    return { enabled: user?.twoFactorEnabled, authenticators };
  }

  return { world, lastAudit, signInKind, twoFactorOf };
}
