import { eq } from "drizzle-orm";
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { affiliates } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import { createLogger } from "~/modules/platform/logger.server";
import type { Runtime } from "~/modules/platform/runtime.server";
import type { StaffTestWorld } from "~/modules/staff/test-support.server";
import { affiliateContext, affiliateGuard } from "./affiliate-guard.server";
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

const GUARD_ORIGIN = "http://127.0.0.1:5190";

/**
 * Runs the portal's guard for a request to `path` with these cookies, on the world's
 * services: what it threw, or what it answered with the affiliate it let in.
 */
export async function runAffiliateGuard(world: StaffTestWorld, path: string, cookie = "") {
  const context = new RouterContextProvider();
  context.set(runtimeContext, {
    config: world.deps.config,
    database: world.database,
    db: world.database.db,
    jobs: world.jobs,
    logger: createLogger({ level: "silent" }),
  } as unknown as Runtime);
  const request = new Request(`${GUARD_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const run = affiliateGuard as unknown as (
    args: Parameters<MiddlewareFunction<Response>>[0],
    next: () => Promise<Response>,
  ) => Promise<Response>;
  try {
    const response = await run(
      { request, context, params: {}, pattern: path.slice(1) } as never,
      async () => new Response("the page"),
    );
    return { response, affiliate: context.get(affiliateContext) };
  } catch (thrown) {
    return { thrown };
  }
}
