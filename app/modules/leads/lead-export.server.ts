import type { Database } from "~/db/client.server";
import type { Lead } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { CSV_BOM, csvLine, LEAD_CSV_HEADER, leadCsvRow } from "./lead-csv";
import { leadBatch, type Cursor, type LeadFilter } from "./lead-list.server";

/** The inbox's CSV export: every lead the list's filter matches, not only one page. */

const EXPORT_BATCH = 500;

/** Every lead the filter matches, newest first, read a batch at a time. */
export async function* leadsForExport(
  db: Database,
  filter: LeadFilter,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<Lead> {
  let cursor: Cursor | undefined;
  for (;;) {
    const { rows, next } = await leadBatch(db, filter, cursor, batchSize);
    for (const row of rows) yield row.lead;
    if (!next) return;
    cursor = next;
  }
}

/**
 * The CSV of every lead the filter matches, and its audit entry (the filter and the row
 * count, no personal data).
 */
export async function exportLeads(
  db: Database,
  actor: Actor,
  filter: LeadFilter,
): Promise<{ csv: string; rows: number }> {
  let csv = CSV_BOM + csvLine(LEAD_CSV_HEADER);
  let rows = 0;
  for await (const lead of leadsForExport(db, filter)) {
    csv += csvLine(leadCsvRow(lead));
    rows += 1;
  }
  await recordAudit(db, actor, {
    action: "leads.export",
    target: "leads",
    details: { filter: { ...filter }, rows },
  });
  return { csv, rows };
}
