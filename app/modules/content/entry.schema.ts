import { integerIdOf, integerIdSchema } from "~/modules/platform/ids";
import { z } from "~/modules/platform/zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

/**
 * Form parts the authors' and categories' screens share (client-safe): a name, an optional
 * slug (made from the name when left empty) and the id a row's buttons send.
 */

export const SLUG_HINT = "Made from the name when left empty.";

/** What an entries screen calls its entries and where it is, for its page and its action. */
export interface EntryKind<IdField extends string = string> {
  /** "author" or "category", in running text. */
  singular: string;
  /** "Authors" or "Categories", as a heading. */
  plural: string;
  /** What the screen says under its heading. */
  description: string;
  /** The name of the id field its forms send: "authorId" or "categoryId". */
  idField: IdField;
  /** The screen's path: "/admin/authors". */
  path: string;
  /** After a deletion that moved posts: "their posts moved to the author you chose". */
  postsMoved: string;
}

const nameInput = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(100, "Keep it to 100 characters or fewer.");

/** Typed in any case; stored in lower case. Empty means "make it from the name". */
const slugInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, `Keep it to ${SLUG_MAX_LENGTH} characters or fewer.`)
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens, like design-ideas.")
  .optional();

/** An optional free text of at most `max` characters ("" when left empty). */
export const optionalText = (max: number, tooLong = `Keep it to ${max} characters or fewer.`) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value ?? "");

const NOT_UNDERSTOOD = "That request was not understood.";

/** The id of a row, sent by its buttons. */
export const rowId = integerIdSchema(NOT_UNDERSTOOD);

/** Where a deleted entry's posts go; absent when no post uses it. */
const moveToInput = (wrong: string) => integerIdSchema(wrong).optional();

/**
 * A screen's kind and forms: `create` sends the name (`nameMissing` when it is left empty),
 * the slug and the screen's own `fields`, `update` the row's id too, `delete` the id and
 * where the posts go (`moveTo` is the message for a wrong choice); `command` is the three as
 * the action reads them. `refine` checks create and update as a whole.
 */
export function entrySchemas<IdField extends string, Fields extends z.ZodRawShape>({
  kind,
  nameMissing,
  fields: own,
  moveTo,
  refine = () => {},
}: {
  kind: EntryKind<IdField>;
  nameMissing: string;
  fields: Fields;
  moveTo: string;
  refine?: (values: Record<string, unknown>, context: z.RefinementCtx) => void;
}) {
  const id = { [kind.idField]: rowId } as Record<IdField, typeof rowId>;
  const fields = { name: nameInput(nameMissing), slug: slugInput, ...own };
  const create = z.object({ intent: z.literal("create"), ...fields }).superRefine(refine);
  const update = z.object({ intent: z.literal("update"), ...id, ...fields }).superRefine(refine);
  const remove = z.object({ intent: z.literal("delete"), ...id, moveTo: moveToInput(moveTo) });
  return {
    kind,
    create,
    update,
    delete: remove,
    command: z.discriminatedUnion("intent", [create, update, remove]),
  };
}

/** What an entries screen's page and action are given: its kind and its forms. */
export type EntrySchemas = {
  kind: EntryKind;
  /** The three as the action reads them; ids and values are read from it by name. */
  command: z.ZodType<
    { intent: "create" | "update" | "delete"; moveTo?: number } & Record<string, unknown>
  >;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own fields
} & Record<"create" | "update" | "delete", z.ZodType<Record<string, any>>>;

/** The entry the page's `?edit=` names, when it is a plausible id. */
export function editedId(request: Request): number | undefined {
  return integerIdOf(new URL(request.url).searchParams.get("edit"));
}
