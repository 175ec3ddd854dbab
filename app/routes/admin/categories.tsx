import type { Route } from "./+types/categories";
import {
  EntryForm,
  EntryList,
  MissingEntry,
  type EntryFields,
  type EntryKind,
} from "~/components/admin/content-entries";
import { PageHeader } from "~/components/admin/page";
import { FormTextArea } from "~/components/admin/staff-form";
import {
  categoryCommandSchema,
  createCategorySchema,
  deleteCategorySchema,
  updateCategorySchema,
} from "~/modules/content/category.schema";
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/modules/content/categories.server";
import { editedId } from "~/modules/content/entry.schema";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Staff area" }];

const KIND: EntryKind = {
  singular: "category",
  plural: "Categories",
  idField: "categoryId",
  path: "/admin/categories",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  return { categories: await listCategories(db), editId: editedId(request) };
}

/** Add, edit or delete a category (editors and admins). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, categoryCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const done = (message: string) =>
    redirectWithFlash(context, KIND.path, { message, tone: "success" });

  if (command.intent === "delete") {
    const outcome = await deleteCategory(database, actor, command.categoryId, command.moveTo);
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    return done(
      outcome.postsMoved > 0
        ? `${outcome.name} deleted; its posts moved to the category you chose.`
        : `${outcome.name} deleted.`,
    );
  }
  const { intent, ...values } = command;
  const outcome =
    intent === "create"
      ? await createCategory(database, actor, values)
      : await updateCategory(database, actor, command.categoryId, values);
  if (!outcome.ok) return formAnswer(formId, submission, refusalOf(outcome.errors));
  return done(intent === "create" ? `${values.name} added.` : `${values.name} saved.`);
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, editId } = loaderData;
  const editing = editId === undefined ? undefined : categories.find((c) => c.id === editId);
  return (
    <>
      <PageHeader
        title="Categories"
        description="What the blog's posts are about. Each post has one or more; each category has its own page."
      />
      <div className="flex flex-col gap-6">
        {editId !== undefined && !editing && <MissingEntry kind={KIND} />}
        {editing ? (
          <EntryForm
            key={`edit-${editing.id}`}
            kind={KIND}
            schema={updateCategorySchema}
            actionData={actionData}
            editing={editing}
            defaultValue={editing}
          >
            {(fields) => <CategoryFields fields={fields} />}
          </EntryForm>
        ) : (
          // Keyed by the count, so an added category clears the form.
          <EntryForm
            key={`create-${categories.length}`}
            kind={KIND}
            schema={createCategorySchema}
            actionData={actionData}
          >
            {(fields) => <CategoryFields fields={fields} />}
          </EntryForm>
        )}
        <EntryList
          kind={KIND}
          rows={categories}
          deleteSchema={deleteCategorySchema}
          actionData={actionData}
        />
      </div>
    </>
  );
}

function CategoryFields({ fields }: { fields: EntryFields }) {
  return (
    <FormTextArea
      field={fields.description!}
      label="Description"
      hint="A sentence or two for the category's page and search results."
      rows={3}
      className="sm:col-span-2"
    />
  );
}
