import { data } from "react-router";
import type { Route } from "./+types/giveaway-entries-csv";
import { exportEntries } from "~/modules/giveaways/giveaways.server";
import { GIVEAWAY_MESSAGES } from "~/modules/giveaways/giveaway.schema";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { csvDownload } from "~/modules/platform/csv-download.server";
import { requireActor } from "~/modules/staff/guard.server";

/** A giveaway's entries as CSV (docs/REQUIREMENTS.md R15.2), every page, audited. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const id = integerIdOf(params.giveawayId);
  const exported = id ? await exportEntries(db, requireActor(context), id) : undefined;
  if (!exported) throw data({ message: GIVEAWAY_MESSAGES.notFound }, { status: 404 });
  return csvDownload(exported.csv, `giveaway-${id}-entries`);
}
