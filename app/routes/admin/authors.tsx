import type { Route } from "./+types/authors";
import { EntryScreen, type EntryFields, type EntryKind } from "~/components/admin/content-entries";
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
import { entryAction, entryPage } from "~/modules/content/entry-action.server";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Authors | Staff area" }];

const KIND: EntryKind = {
  singular: "author",
  plural: "Authors",
  idField: "authorId",
  path: "/admin/authors",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  return entryPage(request, context, listAuthors);
}

/** Add, edit or delete an author (editors and admins). */
export function action({ request, context }: Route.ActionArgs) {
  return entryAction(request, context, {
    path: KIND.path,
    idField: KIND.idField,
    postsMoved: "their posts moved to the author you chose",
    schema: authorCommandSchema,
    create: createAuthor,
    update: updateAuthor,
    remove: deleteAuthor,
  });
}

export default function Authors({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EntryScreen
      kind={KIND}
      description="Who writes the blog's posts, as shown beside each post and on their own page."
      rows={loaderData.rows}
      editId={loaderData.editId}
      actionData={actionData}
      schemas={{
        create: createAuthorSchema,
        update: updateAuthorSchema,
        delete: deleteAuthorSchema,
      }}
      fields={(fields) => <AuthorFields fields={fields} />}
      detail={(author) => author.title && <span>{author.title}</span>}
    />
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
