import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, loginAttempts, loginLockouts, users } from "~/db/schema";
import { getAuth, type AuthDeps } from "./auth.server";
import type { StaffRole } from "./permissions";
import { createStaffAccount, generatePassword } from "./staff.server";

/**
 * What `npm run admin:create` does: a new staff account, or for an existing address its
 * role, an enabled account and a new password, with its lock and failed sign-ins
 * forgotten, so it is the way back in for someone who forgot or locked themselves out.
 */
export async function createOrResetStaffAccount(
  deps: AuthDeps,
  input: { email: string; role: StaffRole; name?: string },
): Promise<{ created: boolean; password: string }> {
  const email = input.email.trim().toLowerCase();
  const password = generatePassword();
  const [existing] = await deps.database.db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    await createStaffAccount(deps, { email, password, role: input.role, name: input.name });
    return { created: true, password };
  }
  const hash = await (await getAuth(deps).$context).password.hash(password);
  await deps.database.transaction(async (tx) => {
    await tx.db
      .update(users)
      .set({ role: input.role, banned: false, ...(input.name ? { name: input.name } : {}) })
      .where(eq(users.id, existing.id));
    await tx.db.update(accounts).set({ password: hash }).where(eq(accounts.userId, existing.id));
    await clearSignInFailures(tx.db, email);
  });
  return { created: false, password };
}

/**
 * Ends the address's lock and forgets its failed sign-ins; otherwise the failures still
 * inside the lockout window would lock it again at the next mistake. Successful sign-ins
 * are kept: they are the history a trusted browser and the lockout count start from.
 */
async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db
    .delete(loginLockouts)
    .where(and(eq(loginLockouts.realm, "staff"), eq(loginLockouts.email, email)));
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.realm, "staff"),
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, false),
      ),
    );
}
