import type { Route } from "./+types/redirects-export";
import { runtimeContext } from "~/modules/platform/context";
import { csvDownload } from "~/modules/platform/csv-download.server";
import { exportRedirects } from "~/modules/redirects/redirect-csv.server";
import { requireActor } from "~/modules/staff/guard.server";

/** Every redirect rule as CSV, in the columns the import reads (docs/REQUIREMENTS.md R12.6). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const csv = await exportRedirects(db, requireActor(context));
  return csvDownload(csv, "redirects");
}
