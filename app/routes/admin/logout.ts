import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { authDeps, currentStaff, requestIp } from "~/modules/staff/guard.server";
import { signOutStaff } from "~/modules/staff/sign-in-attempt.server";

/**
 * POST /admin/logout: ends the session (in the database and the cookie). Outside the
 * staff layout, so a member whose session already ended still lands on the sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const staff = await currentStaff(runtime, request);
  const headers = new Headers();
  if (staff) {
    const actor = { id: staff.id, email: staff.email, ip: requestIp(request, context) ?? null };
    for (const cookie of await signOutStaff(authDeps(runtime), actor, request.headers)) {
      headers.append("Set-Cookie", cookie);
    }
  }
  return redirect("/admin/login", { headers });
}

export const loader = () => redirect("/admin/dashboard");
