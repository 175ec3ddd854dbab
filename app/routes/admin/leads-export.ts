import type { Route } from "./+types/leads-export";
import { exportLeads } from "~/modules/leads/lead-export.server";
import { parseLeadFilter } from "~/modules/leads/lead-list.server";
import { runtimeContext } from "~/modules/platform/context";
import { csvDownload } from "~/modules/platform/csv-download.server";
import { requireActor } from "~/modules/staff/guard.server";

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
  return csvDownload(csv, "leads");
}
