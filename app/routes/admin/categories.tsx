import type { Route } from "./+types/categories";
import { EntryScreen } from "~/components/admin/content-entries";
import { FormTextArea } from "~/components/admin/staff-form";
import { categoryCommands } from "~/modules/content/categories.server";
import { categorySchemas } from "~/modules/content/category.schema";
import { entryAction, entryPage } from "~/modules/content/entry-action.server";
import type { EntryKind } from "~/modules/content/entry.schema";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Staff area" }];

const KIND: EntryKind = {
  singular: "category",
  plural: "Categories",
  idField: "categoryId",
  path: "/admin/categories",
  postsMoved: "its posts moved to the category you chose",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  return entryPage(request, context, categoryCommands.list);
}

/** Add, edit or delete a category (editors and admins). */
export function action({ request, context }: Route.ActionArgs) {
  return entryAction(request, context, KIND, {
    schema: categorySchemas.command,
    ...categoryCommands,
  });
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EntryScreen
      kind={KIND}
      description="What the blog's posts are about. Each post has one or more; each category has its own page."
      rows={loaderData.rows}
      editId={loaderData.editId}
      actionData={actionData}
      schemas={categorySchemas}
      fields={(fields) => (
        <FormTextArea
          field={fields.description!}
          label="Description"
          hint="A sentence or two for the category's page and search results."
          rows={3}
          className="sm:col-span-2"
        />
      )}
    />
  );
}
