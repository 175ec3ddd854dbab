import { eq } from "drizzle-orm";
import { affiliates } from "~/db/schema";
import type { AffiliateAuthDeps } from "./affiliate-auth.server";
import { getAffiliateAuth } from "./affiliate-auth.server";
import { insertAffiliate } from "./affiliate-records.server";
import type { AffiliateStatus } from "./affiliate-rules";
import { attemptAffiliateLogin } from "./affiliate-sign-in.server";

/** Fixtures for the affiliate tests: affiliates with known passwords, and their sign-ins. */

let count = 0;

export interface TestAffiliate {
  id: string;
  email: string;
  password: string;
  code: string;
  name: string;
}

/** An affiliate with a password, in the status asked for. */
export async function createTestAffiliate(
  deps: AffiliateAuthDeps,
  status: AffiliateStatus = "approved",
  overrides: { email?: string; phone?: string; code?: string; name?: string } = {},
): Promise<TestAffiliate> {
  const n = ++count;
  const email = overrides.email ?? `partner${Date.now()}${n}@example.com`;
  const password = `partner password ${n} long enough`;
  const code = overrides.code ?? `partner-${Date.now().toString(36)}-${n}`;
  const name = overrides.name ?? `Partner ${n}`;
  const passwordHash = await (await getAffiliateAuth(deps).$context).password.hash(password);
  const id = await deps.database.transaction((tx) =>
    insertAffiliate(tx.db, { name, email, code, status, phone: overrides.phone, passwordHash }),
  );
  if (!id) throw new Error("affiliate not created");
  return { id, email, password, code, name };
}

/** Signs an affiliate in (no address, so no rate limit applies). */
export function signInAffiliate(
  deps: AffiliateAuthDeps,
  email: string,
  password: string,
  now?: Date,
) {
  return attemptAffiliateLogin(
    deps,
    { email, password, honeypot: "", ip: undefined, userAgent: "vitest" },
    now,
  );
}

export async function setAffiliateStatus(
  deps: AffiliateAuthDeps,
  id: string,
  status: AffiliateStatus,
): Promise<void> {
  await deps.database.db.update(affiliates).set({ status }).where(eq(affiliates.id, id));
}
