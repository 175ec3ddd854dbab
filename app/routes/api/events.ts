import type { Route } from "./+types/events";
import { eventWriterFor } from "~/modules/analytics/event-writer.server";
import { ingestEvents } from "~/modules/analytics/ingest.server";
import { clientIp } from "~/modules/platform/client-ip.server";
import { runtimeContext, socketAddressContext } from "~/modules/platform/context";

/**
 * POST /api/events: the browser tracker's batches (docs/REQUIREMENTS.md R7.4, R9.6),
 * answered 204 once stored; every rule is in app/modules/analytics/ingest.server.ts.
 */

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const { db, config, logger } = context.get(runtimeContext);
  return ingestEvents(request, {
    db,
    writer: eventWriterFor(db),
    logger,
    ip: clientIp(request, context.get(socketAddressContext), config.trustProxy),
    batchesPerMinute: config.analyticsBatchesPerMinute,
    countryCsv: config.analyticsCountryCsv,
    ownHosts: [new URL(request.url).hostname, config.publicUrl.hostname],
  });
}
