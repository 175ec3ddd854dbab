import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { leads, leadStatusChanges, type LeadStatus } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import {
  readStatusChange,
  type StatusChangeErrors,
  type StatusChangeInput,
} from "./lead-inbox.schema";
import { changeLead, type LeadChanged } from "./lead-change.server";
import { leadStatusLabel } from "./lead-status-labels";
import { syncLeadCommission } from "~/modules/affiliates/commissions.server";

/** The sales pipeline: moving a lead from one status to the next. */

export type StatusChangeOutcome =
  | { kind: "changed"; status: LeadStatus; jobValueCents: number | null }
  | { kind: "invalid"; errors: StatusChangeErrors }
  | { kind: "not_found" };

/**
 * Moves a lead along the pipeline: the history row, the lead's own columns, its affiliate's
 * commission and the audit entries in one transaction. A job value belongs to a won lead and a reason to a lost one,
 * so moving elsewhere clears them (the history keeps what they were).
 */
export async function changeLeadStatus(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  leadId: string,
  input: StatusChangeInput,
): Promise<StatusChangeOutcome> {
  const read = () => readStatusChange(input);
  type Moved = Extract<StatusChangeOutcome, { kind: "changed" }>;
  return changeLead(database, actor, leadId, read, async (tx, current, change) => {
    const { status, jobValueCents, lostReason } = change;
    if (
      current.status === status &&
      current.jobValueCents === jobValueCents &&
      current.lostReason === lostReason
    ) {
      return {
        kind: "invalid",
        errors: { status: `The lead is already ${leadStatusLabel(status)}` },
      } as const;
    }

    await tx.db.insert(leadStatusChanges).values({
      leadId,
      fromStatus: current.status,
      toStatus: status,
      jobValueCents,
      lostReason,
      actorId: actor.id,
    });
    await tx.db
      .update(leads)
      .set({ status, jobValueCents, lostReason, updatedAt: sql`now()` })
      .where(eq(leads.id, leadId));
    // Its affiliate's commission follows the lead, in the same transaction.
    await syncLeadCommission(tx.db, actor, leadId);
    const moved: LeadChanged<Moved> = {
      done: { kind: "changed", status, jobValueCents },
      audit: {
        action: "lead.status",
        details: {
          from: current.status,
          to: status,
          ...(jobValueCents !== null ? { jobValueCents } : {}),
          ...(lostReason !== null ? { lostReason } : {}),
        },
      },
    };
    return moved;
  });
}
