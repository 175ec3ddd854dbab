import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { recordAudit } from "~/modules/audit/audit.server";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { getAuth } from "~/modules/staff/auth.server";
import { authDeps, currentStaff, requestIp } from "~/modules/staff/guard.server";

/** POST /admin/logout: ends the session (in the database and the cookie). */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const staff = await currentStaff(runtime, request);
  const headers = new Headers();
  if (staff) {
    const answer = await getAuth(authDeps(runtime)).api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    await recordAudit(runtime.db, {
      actorId: staff.id,
      actorEmail: staff.email,
      action: "sign_out",
      ipAddress: requestIp(request, context) ?? null,
    });
  }
  return redirect("/admin/login", { headers });
}

export const loader = () => redirect("/admin/dashboard");
