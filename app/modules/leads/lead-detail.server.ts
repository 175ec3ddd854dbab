import { desc, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import {
  affiliates,
  leadNotes,
  leads,
  leadStatusChanges,
  spamSubmissions,
  users,
  type Lead,
  type LeadStatus,
} from "~/db/schema";
import { isUuid } from "~/modules/platform/patterns";
import { describeDesign } from "~/modules/visualizer/catalogue.server";
import type { DesignChoice } from "~/modules/visualizer/design-choices";
import { listDeliveriesForLead } from "~/modules/webhooks/webhooks.server";
import { deliveryLogEntry, type DeliveryLogEntry } from "./lead-deliveries.server";

/** One lead's page: the lead, its affiliate, status history, notes and deliveries. */

export interface StatusHistoryEntry {
  id: number;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus;
  jobValueCents: number | null;
  lostReason: string | null;
  createdAt: Date;
  actorName: string | null;
  actorEmail: string | null;
}

export interface LeadNoteEntry {
  id: number;
  body: string;
  createdAt: Date;
  authorName: string | null;
  authorEmail: string | null;
}

export interface LeadDetail {
  lead: Lead;
  affiliate: { id: string; name: string; code: string; status: string } | null;
  history: StatusHistoryEntry[];
  notes: LeadNoteEntry[];
  deliveries: DeliveryLogEntry[];
  /** The spam entry this lead was restored from, if any. */
  restoredFrom: { id: string; reason: string; createdAt: Date } | null;
  /** The visualizer design sent with it, with the options' names and colours (R15.5). */
  design: DesignChoice[];
}

export async function getLeadDetail(db: Database, leadId: string): Promise<LeadDetail | undefined> {
  if (!isUuid(leadId)) return undefined;
  const [row] = await db
    .select({
      lead: leads,
      affiliate: {
        id: affiliates.id,
        name: affiliates.name,
        code: affiliates.code,
        status: affiliates.status,
      },
    })
    .from(leads)
    .leftJoin(affiliates, eq(affiliates.id, leads.affiliateId))
    .where(eq(leads.id, leadId));
  if (!row) return undefined;

  const [history, notes, deliveries, [restoredFrom], design] = await Promise.all([
    leadLog(db, leadStatusChanges, leadStatusChanges.actorId, leadId, {
      id: leadStatusChanges.id,
      fromStatus: leadStatusChanges.fromStatus,
      toStatus: leadStatusChanges.toStatus,
      jobValueCents: leadStatusChanges.jobValueCents,
      lostReason: leadStatusChanges.lostReason,
      createdAt: leadStatusChanges.createdAt,
    }),
    leadLog(db, leadNotes, leadNotes.authorId, leadId, {
      id: leadNotes.id,
      body: leadNotes.body,
      createdAt: leadNotes.createdAt,
    }),
    listDeliveriesForLead(db, leadId),
    db
      .select({
        id: spamSubmissions.id,
        reason: spamSubmissions.reason,
        createdAt: spamSubmissions.createdAt,
      })
      .from(spamSubmissions)
      .where(eq(spamSubmissions.leadId, leadId))
      .limit(1),
    describeDesign(db, row.lead.visualizerDesign),
  ]);

  return {
    lead: row.lead,
    affiliate: row.affiliate,
    history: history.map(({ entry, writer }) => ({
      ...entry,
      actorName: writer?.name ?? null,
      actorEmail: writer?.email ?? null,
    })),
    notes: notes.map(({ entry, writer }) => ({
      ...entry,
      authorName: writer?.name ?? null,
      authorEmail: writer?.email ?? null,
    })),
    deliveries: deliveries.map(deliveryLogEntry),
    restoredFrom: restoredFrom ?? null,
    design,
  };
}

/**
 * One of a lead's logs (status changes, notes), newest first, each entry with the staff
 * member who wrote it (null once their account is gone).
 */
function leadLog<Fields extends Record<string, AnyPgColumn>>(
  db: Database,
  log: typeof leadStatusChanges | typeof leadNotes,
  writerId: AnyPgColumn,
  leadId: string,
  fields: Fields,
) {
  return db
    .select({ entry: fields, writer: { name: users.name, email: users.email } })
    .from(log)
    .leftJoin(users, eq(users.id, writerId))
    .where(eq(log.leadId, leadId))
    .orderBy(desc(log.createdAt), desc(log.id));
}
