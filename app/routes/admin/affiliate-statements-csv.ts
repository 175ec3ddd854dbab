import type { Route } from "./+types/affiliate-statements-csv";
import { parseStatementPeriod } from "~/modules/affiliates/statement.schema";
import { exportStatements } from "~/modules/affiliates/statement.server";
import { runtimeContext } from "~/modules/platform/context";
import { csvDownload } from "~/modules/platform/csv-download.server";
import { z } from "~/modules/platform/zod";
import { requireActor } from "~/modules/staff/guard.server";

const affiliateIdSchema = z.uuid().optional();

/**
 * Affiliates' statements as CSV for admins (docs/REQUIREMENTS.md R13.8): one affiliate's
 * (`?affiliate=<id>`) or every affiliate's, for the period in `?from=&to=`; audited.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const { period, errors } = parseStatementPeriod(params);
  const affiliate = affiliateIdSchema.safeParse(params.get("affiliate") || undefined);
  const problems = [
    ...Object.entries(errors).map(([field, message]) => `${field}: ${message}`),
    ...(affiliate.success ? [] : ["affiliate: not an affiliate's id"]),
  ];
  // A filter that cannot be read would export more than was asked for.
  if (problems.length > 0) {
    return new Response(`The filter is not valid: ${problems.join("; ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const affiliateId = affiliate.data;
  const { csv } = await exportStatements(db, requireActor(context), {
    ...period,
    ...(affiliateId ? { affiliateId } : {}),
  });
  return csvDownload(csv, "affiliate-statements");
}
