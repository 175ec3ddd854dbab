import type { z } from "zod";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { Badge } from "~/components/admin/badge";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { RecordList } from "~/components/admin/record-list";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { ButtonLink } from "~/components/ui/button";
import { SLUG_HINT, type EntryKind, type EntrySchemas } from "~/modules/content/entry.schema";

/**
 * The parts the authors and categories screens share: the list with each entry's slug and
 * posts count, edit link and delete (asking where its posts go when some use it), and the frame
 * of the create and edit forms. Each screen supplies its own fields.
 */

export interface EntryRow {
  id: number;
  name: string;
  slug: string;
  postCount: number;
}

/** Conform's fields of an entry's form, for the screen's own fields. */
export type EntryFields = Record<string, Parameters<typeof FormTextField>[0]["field"]>;

/** Shown when `?edit=` names an entry that is gone (deleted meanwhile). */
function MissingEntry({ kind }: { kind: EntryKind }) {
  return (
    <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
      That {kind.singular} no longer exists.
    </p>
  );
}

const posts = (count: number) => (count === 1 ? "1 post" : `${count} posts`);

export function EntryList<Row extends EntryRow>({
  kind,
  rows,
  deleteSchema,
  actionData,
  detail,
}: {
  kind: EntryKind;
  rows: Row[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's delete schema
  deleteSchema: z.ZodType<Record<string, any>>;
  actionData: unknown;
  /** What the screen adds after the slug (an author's title). */
  detail?: (row: Row) => React.ReactNode;
}) {
  if (rows.length === 0) {
    return <EmptyState title={`No ${kind.plural.toLowerCase()} yet`} />;
  }
  return (
    <Panel title={`${kind.plural} (${rows.length})`}>
      <RecordList rows={rows}>
        {(row) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold">{row.name}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <code className="break-all text-xs text-ink">{row.slug}</code>
                {detail?.(row)}
                <Badge tone={row.postCount > 0 ? "info" : "neutral"}>{posts(row.postCount)}</Badge>
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap items-start gap-2 sm:justify-end">
              <ButtonLink to={`${kind.path}?edit=${row.id}`} variant="secondary">
                Edit<span className="sr-only"> {row.name}</span>
              </ButtonLink>
              <DeleteForm
                kind={kind}
                row={row}
                others={rows.filter((other) => other.id !== row.id)}
                schema={deleteSchema}
                actionData={actionData}
              />
            </div>
          </>
        )}
      </RecordList>
    </Panel>
  );
}

function DeleteForm({
  kind,
  row,
  others,
  schema,
  actionData,
}: {
  kind: EntryKind;
  row: EntryRow;
  others: EntryRow[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's delete schema
  schema: z.ZodType<Record<string, any>>;
  actionData: unknown;
}) {
  const formId = `delete-${row.id}`;
  const [form, fields] = useStaffForm(schema, { id: formId, actionData });
  const used = row.postCount > 0;
  const chosen = others.find((other) => String(other.id) === fields.moveTo?.value);
  const question = !used
    ? `Delete ${row.name}? This cannot be undone.`
    : chosen
      ? `Delete ${row.name}? Its ${posts(row.postCount)} move to ${chosen.name}.`
      : `Delete ${row.name}? First choose where its ${posts(row.postCount)} go.`;
  return (
    <StaffForm form={form} className="flex flex-col items-start gap-2 sm:items-end">
      <input type="hidden" name={kind.idField} value={row.id} />
      {used && others.length > 0 && (
        <FormSelect
          field={fields.moveTo!}
          label={`Move its ${posts(row.postCount)} to`}
          placeholder={`Choose ${/^[aeiou]/.test(kind.singular) ? "an" : "a"} ${kind.singular}`}
          options={others.map((other) => ({ value: String(other.id), label: other.name }))}
        />
      )}
      <ConfirmButton
        name="intent"
        value="delete"
        question={question}
        confirmLabel={`Delete ${kind.singular}`}
      >
        Delete<span className="sr-only"> {row.name}</span>
      </ConfirmButton>
    </StaffForm>
  );
}

/**
 * The create or edit form of an entry: name and slug, the screen's own fields, and the
 * buttons. Keyed by the caller so a saved form starts afresh.
 */
export function EntryForm({
  kind,
  schema,
  actionData,
  editing,
  defaultValue,
  encType,
  children,
}: {
  kind: EntryKind;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's create or update schema
  schema: z.ZodType<Record<string, any>>;
  actionData: unknown;
  /** The entry being edited; a new one when absent. */
  editing?: EntryRow;
  defaultValue?: Record<string, unknown>;
  /** "multipart/form-data" when the screen's fields take a file. */
  encType?: "multipart/form-data";
  children: (
    fields: Record<string, Parameters<typeof FormTextField>[0]["field"]>,
  ) => React.ReactNode;
}) {
  const formId = editing ? "edit" : "create";
  const [form, fields] = useStaffForm(schema, { id: formId, actionData, defaultValue });
  const title = editing ? `Edit ${editing.name}` : `Add ${article(kind.singular)} ${kind.singular}`;
  return (
    <Panel title={title}>
      <StaffForm form={form} intent={editing ? "update" : "create"} encType={encType}>
        {editing && <input type="hidden" name={kind.idField} value={editing.id} />}
        {/* Two columns from a tablet's width; a long text takes the whole row. */}
        <div className="grid gap-4 sm:grid-cols-2 sm:[&>:has(textarea)]:col-span-2">
          <FormTextField field={fields.name!} label="Name" autoComplete="off" />
          <FormTextField field={fields.slug!} label="Slug" hint={SLUG_HINT} autoComplete="off" />
          {children(fields)}
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {editing && (
            <ButtonLink to={kind.path} variant="ghost">
              Cancel
            </ButtonLink>
          )}
          <SubmitButton formId={formId} pendingLabel="Saving…">
            {editing ? "Save changes" : `Add ${kind.singular}`}
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/**
 * A whole entries screen: the header, the edit form for `?edit=` (or the create form),
 * and the list. The screen gives its schemas, its own fields and the list's detail.
 */
export function EntryScreen<Row extends EntryRow>({
  schemas,
  loaderData: { rows, editId },
  actionData,
  fields,
  detail,
  encType,
}: {
  schemas: EntrySchemas;
  /** The loader's `entryPage`: the entries, and the one `?edit=` names. */
  loaderData: { rows: Row[]; editId: number | undefined };
  actionData?: unknown;
  /** The screen's own fields; `editing` is the entry being edited, if any. */
  fields: (fields: EntryFields, editing?: Row) => React.ReactNode;
  detail?: (row: Row) => React.ReactNode;
  encType?: "multipart/form-data";
}) {
  const { kind } = schemas;
  const editing = editId === undefined ? undefined : rows.find((row) => row.id === editId);
  return (
    <>
      <PageHeader title={kind.plural} description={kind.description} />
      <div className="flex flex-col gap-6">
        {editId !== undefined && !editing && <MissingEntry kind={kind} />}
        <EntryForm
          // Keyed by the entry, or by the count for a new one, so a saved form starts afresh.
          key={editing ? `edit-${editing.id}` : `create-${rows.length}`}
          kind={kind}
          schema={editing ? schemas.update : schemas.create}
          actionData={actionData}
          editing={editing}
          defaultValue={editing && Object.fromEntries(Object.entries(editing))}
          encType={encType}
        >
          {(entryFields) => fields(entryFields, editing)}
        </EntryForm>
        <EntryList
          kind={kind}
          rows={rows}
          deleteSchema={schemas.delete}
          actionData={actionData}
          detail={detail}
        />
      </div>
    </>
  );
}
