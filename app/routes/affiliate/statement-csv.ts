import type { Route } from "./+types/statement-csv";
import { requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import { parseStatementPeriod } from "~/modules/affiliates/statement.schema";
import { statementsCsv } from "~/modules/affiliates/statement.server";
import { runtimeContext } from "~/modules/platform/context";
import { csvDownload } from "~/modules/platform/csv-download.server";

/**
 * The signed-in affiliate's statement as CSV, for the period in `?from=&to=`: always their
 * own lines, whatever the request names.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const { db } = context.get(runtimeContext);
  const { period, errors } = parseStatementPeriod(new URL(request.url).searchParams);
  // A period that cannot be read would download more than was asked for.
  if (Object.keys(errors).length > 0) {
    return new Response(`The period is not valid: ${Object.values(errors).join("; ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { csv } = await statementsCsv(db, { ...period, affiliateId: affiliate.id });
  return csvDownload(csv, `statement-${affiliate.code}`);
}
