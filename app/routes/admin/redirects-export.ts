import type { Route } from "./+types/redirects-export";
import { runtimeContext } from "~/modules/platform/context";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";
import { exportRedirects } from "~/modules/redirects/redirects.server";
import { requireActor } from "~/modules/staff/guard.server";

/** Every redirect rule as CSV, in the columns the import reads (docs/REQUIREMENTS.md R12.6). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const csv = await exportRedirects(db, requireActor(context));
  const day = new Date().toLocaleDateString("en-CA", { timeZone: COMPANY_TIME_ZONE });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="redirects-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
