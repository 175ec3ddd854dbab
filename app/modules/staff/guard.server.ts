import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { STAFF_STRINGS } from "~/modules/staff/staff-strings";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { clientIp } from "~/modules/platform/client-ip.server";
import { runtimeContext, socketAddressContext } from "~/modules/platform/context";
import type { Runtime } from "~/modules/platform/runtime.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { getAuth, type AuthDeps } from "./auth.server";
import { canOpen, ruleForRoute } from "./permissions";
import { staffContext } from "./staff-context";
import { toStaffUser, type StaffUser } from "./staff.server";
import type { Actor } from "~/modules/audit/actor";

type Context = Readonly<RouterContextProvider>;

import type { GuardRefusal } from "./guard-refusal";

export type { GuardRefusal };

/** The Better Auth dependencies of this process. */
export const authDeps = (runtime: Runtime): AuthDeps => ({
  database: runtime.database,
  boss: runtime.jobs.boss,
  config: runtime.config,
});

/** The visitor's address as this server trusts it. */
export function requestIp(request: Request, context: Context): string | undefined {
  const { config } = context.get(runtimeContext);
  return clientIp(request, context.get(socketAddressContext), config.trustProxy);
}

/** The signed-in staff member of this request, if any (disabled accounts count as none). */
export async function currentStaff(runtime: Runtime, request: Request): Promise<StaffUser | null> {
  const found = await getAuth(authDeps(runtime)).api.getSession({ headers: request.headers });
  if (!found) return null;
  const [user] = await runtime.db.select().from(users).where(eq(users.id, found.user.id));
  const staff = user ? toStaffUser(user) : undefined;
  return staff && !staff.disabled ? staff : null;
}

const forbidden = () =>
  data(
    {
      reason: "forbidden",
      message: STAFF_STRINGS.guard.insufficientPermissions,
    } satisfies GuardRefusal,
    { status: 403 },
  );

/**
 * Every request under /admin (but the sign-in pages) passes here before any loader or
 * action: cross-site posts are refused, anonymous visitors get 401, members without the
 * role for the matched route get 403 (the permission table; a route with no rule is
 * refused to everyone), and, when the company requires it, members without an
 * authenticator are sent to set one up.
 */
export const staffGuard: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const url = new URL(request.url);
  const staff = await currentStaff(runtime, request);
  if (!staff) {
    const returnTo = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    throw data(
      {
        reason: "unauthenticated",
        returnTo,
        message: STAFF_STRINGS.guard.accessDenied,
      } satisfies GuardRefusal,
      { status: 401 },
    );
  }
  // The route React Router matched decides, not the path as written: the router matches
  // case-insensitively and after percent-decoding, so a string comparison can be dodged.
  const rule = ruleForRoute(pattern);
  if (!rule) {
    runtime.logger.warn({ route: pattern }, "staff route without a permission rule refused");
    throw forbidden();
  }
  if (!canOpen(staff.role, rule)) throw forbidden();
  if (rule.area !== "account" && !staff.twoFactorEnabled) {
    const company = await getCompanySettings(runtime.db);
    if (company.requireStaffTwoFactor) throw redirect("/admin/account?setup=two-factor");
  }
  const actor = { id: staff.id, email: staff.email, ip: requestIp(request, context) ?? null };
  context.set(staffContext, { staff, actor });
  return next();
};

/** The guarded request's staff member (the guard has run). */
export function requireStaff(context: Context): StaffUser {
  return guarded(context).staff;
}

/** Who acts in this guarded request: pass it to module functions and to `recordAudit`. */
export function requireActor(context: Context): Actor {
  return guarded(context).actor;
}

function guarded(context: Context) {
  const found = context.get(staffContext);
  if (!found) {
    throw data(
      {
        reason: "unauthenticated",
        returnTo: "/admin",
        message: STAFF_STRINGS.guard.accessDenied,
      } satisfies GuardRefusal,
      { status: 401 },
    );
  }
  return found;
}
