import type { Route } from "./+types/analytics-export";
import { exportAnalyticsTable } from "~/modules/analytics/reports-tables.server";
import { analyticsTableSchema, parseAnalyticsQuery } from "~/modules/analytics/reports.schema";
import { runtimeContext } from "~/modules/platform/context";
import { csvDownload } from "~/modules/platform/csv-download.server";
import { requireActor } from "~/modules/staff/guard.server";

/**
 * One table of the analytics screen as CSV (`?table=<name>` and the screen's period),
 * every row of it; admins only, as the screen (the guard's permission table); audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseAnalyticsQuery(params);
  const table = analyticsTableSchema.safeParse(params.get("table") ?? "");
  const problems = [
    ...Object.entries(errors).map(([field, message]) => `${field}: ${message}`),
    ...(table.success ? [] : [`table: ${table.error.issues[0]?.message ?? "unknown"}`]),
  ];
  // A period that cannot be read would export another period than the one asked for.
  if (problems.length > 0 || !table.success) {
    return new Response(`The request is not valid: ${problems.join("; ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { csv } = await exportAnalyticsTable(db, requireActor(context), query, table.data);
  return csvDownload(csv, `analytics-${table.data}`);
}
