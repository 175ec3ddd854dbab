import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { DatabaseHandle } from "~/db/client.server";
import type { Actor } from "~/modules/audit/actor";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor } from "~/modules/staff/guard.server";
import { editedId } from "./entry.schema";
import type { DeleteOutcome, SaveOutcome } from "./entries.server";

/**
 * The loader and action the authors and categories screens share: the list and the entry
 * `?edit=` names; add, edit or delete, answered beside the fields or with a flash.
 */

export interface EntryCommands<Values> {
  path: string;
  /** The id field the forms send: "authorId" or "categoryId". */
  idField: string;
  /** After a deletion that moved posts: "their posts moved to the author you chose." */
  postsMoved: string;
  /** The screen's command union; ids and values are read from it by name. */
  schema: z.ZodType<
    { intent: "create" | "update" | "delete"; moveTo?: number } & Record<string, unknown>
  >;
  create(database: DatabaseHandle, actor: Actor, values: Values): Promise<SaveOutcome>;
  update(database: DatabaseHandle, actor: Actor, id: number, values: Values): Promise<SaveOutcome>;
  remove(
    database: DatabaseHandle,
    actor: Actor,
    id: number,
    moveTo?: number,
  ): Promise<DeleteOutcome>;
}

export async function entryAction<Values>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  commands: EntryCommands<Values>,
) {
  const { database } = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, commands.schema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const { intent, moveTo, [commands.idField]: id, ...values } = submission.value;
  const done = (message: string) =>
    redirectWithFlash(context, commands.path, { message, tone: "success" });

  if (intent === "delete") {
    const outcome = await commands.remove(database, actor, id as number, moveTo);
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    const moved = outcome.postsMoved > 0 ? `; ${commands.postsMoved}` : "";
    return done(`${outcome.name} deleted${moved}.`);
  }
  const outcome =
    intent === "create"
      ? await commands.create(database, actor, values as Values)
      : await commands.update(database, actor, id as number, values as Values);
  if (!outcome.ok) return formAnswer(formId, submission, refusalOf(outcome.errors));
  return done(`${values.name as string} ${intent === "create" ? "added" : "saved"}.`);
}

/** The loader's part: the entries, and the one `?edit=` names. */
export async function entryPage<Row>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  list: (db: DatabaseHandle["db"]) => Promise<Row[]>,
) {
  const { db } = context.get(runtimeContext);
  return { rows: await list(db), editId: editedId(request) };
}
