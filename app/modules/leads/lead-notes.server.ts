import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { leadNotes, leads } from "~/db/schema";
import type { Actor } from "~/modules/audit/actor";
import { recordAudit } from "~/modules/audit/audit.server";
import { isUuid } from "~/modules/platform/patterns";
import { readNoteBody } from "./lead-inbox.schema";

/** Staff's notes on a lead. */

export type NoteOutcome =
  | { kind: "added"; noteId: number }
  | { kind: "invalid"; errors: { body: string } }
  | { kind: "not_found" };

export async function addLeadNote(
  database: Pick<DatabaseHandle, "transaction">,
  actor: Actor,
  leadId: string,
  rawBody: string,
): Promise<NoteOutcome> {
  if (!isUuid(leadId)) return { kind: "not_found" };
  const read = readNoteBody(rawBody);
  if (!read.ok) return { kind: "invalid", errors: { body: read.error } };
  const { body } = read;
  return database.transaction(async (tx) => {
    const [lead] = await tx.db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
    if (!lead) return { kind: "not_found" } as const;
    const [note] = await tx.db
      .insert(leadNotes)
      .values({ leadId, body, authorId: actor.id })
      .returning({ id: leadNotes.id });
    if (!note) throw new Error("The note was not stored");
    await recordAudit(tx.db, actor, {
      action: "lead.note",
      target: `lead:${leadId}`,
      details: { noteId: note.id, length: body.length },
    });
    return { kind: "added", noteId: note.id } as const;
  });
}
