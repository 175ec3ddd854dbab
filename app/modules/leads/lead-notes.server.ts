import { leadNotes } from "~/db/schema";
import type { DatabaseHandle } from "~/db/client.server";
import type { Actor } from "~/modules/audit/actor";
import { readNoteBody } from "./lead-inbox.schema";
import { changeLead } from "./lead-change.server";

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
  const read = () => {
    const note = readNoteBody(rawBody);
    return note.ok
      ? { ok: true as const, value: note.body }
      : { ok: false as const, errors: { body: note.error } };
  };
  return changeLead(database, actor, leadId, read, async (tx, _lead, body) => {
    const [note] = await tx.db
      .insert(leadNotes)
      .values({ leadId, body, authorId: actor.id })
      .returning({ id: leadNotes.id });
    if (!note) throw new Error("The note was not stored");
    return {
      done: { kind: "added", noteId: note.id } as const,
      audit: { action: "lead.note", details: { noteId: note.id, length: body.length } },
    };
  });
}
