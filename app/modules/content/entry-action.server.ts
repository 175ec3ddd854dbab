import { data, type RouterContextProvider } from "react-router";
import type { DatabaseHandle } from "~/db/client.server";
import type { Actor } from "~/modules/audit/actor";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor } from "~/modules/staff/guard.server";
import { editedId, type EntrySchemas } from "./entry.schema";
import type { DeleteOutcome, SaveOutcome } from "./entries.server";

/**
 * The loader and action the authors and categories screens share: the list and the entry
 * `?edit=` names; add, edit or delete, answered beside the fields or with a flash.
 */

export interface EntryCommands<Values> {
  create(database: DatabaseHandle, actor: Actor, values: Values): Promise<SaveOutcome>;
  update(database: DatabaseHandle, actor: Actor, id: number, values: Values): Promise<SaveOutcome>;
  remove(
    database: DatabaseHandle,
    actor: Actor,
    id: number,
    moveTo?: number,
  ): Promise<DeleteOutcome>;
  /**
   * Turns the form's values into what `create` and `update` take before they run (an
   * author's photo upload): refused beside its fields, and `answer` goes out with any
   * refusal after it (the image it stored, shown again as the current one). Also called
   * with the raw values of a form the schema refused (`refused` names the fields), so an
   * upload sent with a mistake elsewhere is not lost.
   */
  settle?(
    database: DatabaseHandle,
    actor: Actor,
    values: Record<string, unknown>,
    refused?: Record<string, unknown>,
  ): Promise<{
    values: Record<string, unknown>;
    errors?: Record<string, string>;
    answer?: Record<string, unknown>;
  }>;
}

export async function entryAction<Values>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schemas: EntrySchemas,
  commands: EntryCommands<Values>,
) {
  const { kind } = schemas;
  const { database } = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, schemas.command);
  const withAnswer = (
    answer: ReturnType<typeof formAnswer>,
    extra: Record<string, unknown> | undefined,
  ) => (extra ? data({ ...answer.data, ...extra }, answer.init ?? undefined) : answer);
  if (submission.status !== "success") {
    const { intent: sent } = submission.payload;
    if (!commands.settle || (sent !== "create" && sent !== "update")) {
      return formAnswer(formId, submission);
    }
    // Without JavaScript nothing was checked before sending: keep an image that passes.
    const settled = await commands.settle(
      database,
      actor,
      submission.payload,
      submission.error ?? {},
    );
    return withAnswer(
      formAnswer(formId, submission, { fieldErrors: settled.errors }),
      settled.answer,
    );
  }
  const { intent, moveTo, [kind.idField]: id, ...values } = submission.value;
  const done = (message: string) =>
    redirectWithFlash(context, kind.path, { message, tone: "success" });

  if (intent === "delete") {
    const outcome = await commands.remove(database, actor, id as number, moveTo);
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    const moved = outcome.postsMoved > 0 ? `; ${kind.postsMoved}` : "";
    return done(`${outcome.name} deleted${moved}.`);
  }
  const settled = commands.settle
    ? await commands.settle(database, actor, values)
    : { values, errors: undefined, answer: undefined };
  const refuse = (errors: Record<string, string>) =>
    withAnswer(formAnswer(formId, submission, refusalOf(errors)), settled.answer);
  if (settled.errors) return refuse(settled.errors);
  const outcome =
    intent === "create"
      ? await commands.create(database, actor, settled.values as Values)
      : await commands.update(database, actor, id as number, settled.values as Values);
  if (!outcome.ok) return refuse(outcome.errors);
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
