import type { Route } from "./+types/leads-export";
import { exportLeads } from "~/modules/leads/lead-export.server";
import { parseLeadFilter } from "~/modules/leads/lead-list.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireActor } from "~/modules/staff/guard.server";
import { COMPANY_TIME_ZONE } from "~/modules/platform/patterns";

/** The inbox's filtered list as CSV: same query string as /admin/leads, every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const { filter, errors } = parseLeadFilter(new URL(request.url).searchParams);
  // A filter that cannot be read would export more than was asked for.
  if (Object.keys(errors).length > 0) {
    return new Response(
      `The filter is not valid: ${Object.entries(errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ")}\n`,
      { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  const { csv } = await exportLeads(db, requireActor(context), filter);
  const day = new Date().toLocaleDateString("en-CA", { timeZone: COMPANY_TIME_ZONE });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
