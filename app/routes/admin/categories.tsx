import type { Route } from "./+types/categories";
import { EntryScreen } from "~/components/admin/content-entries";
import { FormTextArea } from "~/components/admin/staff-form-fields";
import { categoryCommands } from "~/modules/content/categories.server";
import { categorySchemas } from "~/modules/content/category.schema";
import { entryAction, entryPage } from "~/modules/content/entry-action.server";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  return entryPage(request, context, categoryCommands.list);
}

/** Add, edit or delete a category (editors and admins). */
export function action({ request, context }: Route.ActionArgs) {
  return entryAction(request, context, categorySchemas, categoryCommands);
}

export default function Categories(route: Route.ComponentProps) {
  return (
    <EntryScreen
      {...route}
      schemas={categorySchemas}
      fields={(fields) => (
        <FormTextArea
          field={fields.description!}
          label="Description"
          hint="A sentence or two for the category's page and search results."
          rows={3}
        />
      )}
    />
  );
}
