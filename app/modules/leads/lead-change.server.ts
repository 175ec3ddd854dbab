import { eq } from "drizzle-orm";
import type { DatabaseHandle, Transaction } from "~/db/client.server";
import { leads, type Lead } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit, type AuditRecord } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/platform/patterns";

/** Where a lead stands in the pipeline when a change to it begins. */
export type LeadStanding = Pick<Lead, "status" | "jobValueCents" | "lostReason">;

export type Invalid<Errors> = { kind: "invalid"; errors: Errors };

/** What a change made of the lead, and the audit entry that records it. */
export interface LeadChanged<Done> {
  done: Done;
  audit: Required<Pick<AuditRecord, "action" | "details">>;
}

/**
 * One staff change to a lead (a note, a status move). The input is read first; then, in
 * one transaction with the lead's row locked (it cannot go or move meanwhile), the change
 * and its audit entry stand or fall together. An id that names no lead is not_found.
 */
export async function changeLead<Value, Errors, Done>(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  leadId: string,
  read: () => { ok: true; value: Value } | { ok: false; errors: Errors },
  change: (
    tx: Transaction,
    lead: LeadStanding,
    value: Value,
  ) => Promise<LeadChanged<Done> | Invalid<Errors>>,
): Promise<Done | Invalid<Errors> | { kind: "not_found" }> {
  if (!isUuid(leadId)) return { kind: "not_found" };
  const input = read();
  if (!input.ok) return { kind: "invalid", errors: input.errors };
  return database.transaction(async (tx) => {
    const [lead] = await tx.db
      .select({
        status: leads.status,
        jobValueCents: leads.jobValueCents,
        lostReason: leads.lostReason,
      })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for("update");
    if (!lead) return { kind: "not_found" } as const;
    const result = await change(tx, lead, input.value);
    if (!("done" in result)) return result;
    await recordAudit(tx.db, actor, { ...result.audit, target: `lead:${leadId}` });
    return result.done;
  });
}
