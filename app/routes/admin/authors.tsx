import type { Route } from "./+types/authors";
import {
  EntryForm,
  EntryList,
  MissingEntry,
  type EntryFields,
  type EntryKind,
} from "~/components/admin/content-entries";
import { PageHeader } from "~/components/admin/page";
import { FormTextArea, FormTextField } from "~/components/admin/staff-form";
import {
  authorCommandSchema,
  createAuthorSchema,
  deleteAuthorSchema,
  updateAuthorSchema,
} from "~/modules/content/author.schema";
import {
  createAuthor,
  deleteAuthor,
  listAuthors,
  updateAuthor,
} from "~/modules/content/authors.server";
import { editedId } from "~/modules/content/entry.schema";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Authors | Staff area" }];

const KIND: EntryKind = {
  singular: "author",
  plural: "Authors",
  idField: "authorId",
  path: "/admin/authors",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { authors: await listAuthors(db), editId: editedId(request) };
}

/** Add, edit or delete an author (editors and admins). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, authorCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const done = (message: string) =>
    redirectWithFlash(context, KIND.path, { message, tone: "success" });

  if (command.intent === "delete") {
    const outcome = await deleteAuthor(database, actor, command.authorId, command.moveTo);
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    return done(
      outcome.postsMoved > 0
        ? `${outcome.name} deleted; their posts moved to the author you chose.`
        : `${outcome.name} deleted.`,
    );
  }
  const { intent, ...values } = command;
  const outcome =
    intent === "create"
      ? await createAuthor(database, actor, values)
      : await updateAuthor(database, actor, command.authorId, values);
  if (!outcome.ok) return formAnswer(formId, submission, refusalOf(outcome.errors));
  return done(intent === "create" ? `${values.name} added.` : `${values.name} saved.`);
}

export default function Authors({ loaderData, actionData }: Route.ComponentProps) {
  const { authors, editId } = loaderData;
  const editing = editId === undefined ? undefined : authors.find((a) => a.id === editId);
  return (
    <>
      <PageHeader
        title="Authors"
        description="Who writes the blog's posts, as shown beside each post and on their own page."
      />
      <div className="flex flex-col gap-6">
        {editId !== undefined && !editing && <MissingEntry kind={KIND} />}
        {editing ? (
          <EntryForm
            key={`edit-${editing.id}`}
            kind={KIND}
            schema={updateAuthorSchema}
            actionData={actionData}
            editing={editing}
            defaultValue={editing}
          >
            {(fields) => <AuthorFields fields={fields} />}
          </EntryForm>
        ) : (
          // Keyed by the count, so an added author clears the form.
          <EntryForm
            key={`create-${authors.length}`}
            kind={KIND}
            schema={createAuthorSchema}
            actionData={actionData}
          >
            {(fields) => <AuthorFields fields={fields} />}
          </EntryForm>
        )}
        <EntryList
          kind={KIND}
          rows={authors}
          deleteSchema={deleteAuthorSchema}
          actionData={actionData}
          detail={(author) => author.title && <span>{author.title}</span>}
        />
      </div>
    </>
  );
}

/** The author's own fields. The photo (with its alt text) joins them with image uploads. */
function AuthorFields({ fields }: { fields: EntryFields }) {
  return (
    <>
      <FormTextField
        field={fields.title!}
        label="Title"
        hint="Their job, e.g. Lead designer."
        autoComplete="off"
      />
      <FormTextArea
        field={fields.bio!}
        label="Bio"
        hint="A few sentences for their page."
        rows={4}
        className="sm:col-span-2"
      />
    </>
  );
}
