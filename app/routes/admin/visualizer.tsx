import { Link } from "react-router";
import type { Route } from "./+types/visualizer";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormCheckbox, FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { buttonClasses } from "~/components/ui/button";
import type { VisualizerOption } from "~/db/schema";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import {
  createVisualizerOption,
  getVisualizerOption,
  listVisualizerOptions,
  updateVisualizerOption,
} from "~/modules/visualizer/catalogue.server";
import {
  VISUALIZER_CATEGORY_LABELS,
  VISUALIZER_CATEGORY_ORDER,
  VISUALIZER_PATH,
  VISUALIZER_STYLES,
} from "~/modules/visualizer/design";
import {
  CATEGORY_OPTIONS,
  createOptionSchema,
  STYLE_OPTIONS,
  updateOptionSchema,
  visualizerCommandSchema,
} from "~/modules/visualizer/visualizer.schema";
import { staffAction } from "./staff-action.server";

/** The bathroom visualizer's catalogue (docs/REQUIREMENTS.md R15.5). */

export const meta: Route.MetaFunction = () => [{ title: "Visualizer | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const editId = integerIdOf(new URL(request.url).searchParams.get("edit"));
  const editing = editId ? await getVisualizerOption(db, editId) : undefined;
  return { options: await listVisualizerOptions(db), editing: editing ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, visualizerCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const outcome =
    command.intent === "create"
      ? await createVisualizerOption(runtime.database, actor, command)
      : await updateVisualizerOption(runtime.database, actor, command.id, command);
  if (!outcome.ok)
    return formAnswer(formId, submission, { ...refusalOf(outcome.errors), status: 409 });
  return redirectWithFlash(context, "/admin/visualizer", {
    message: command.intent === "create" ? `Added ${command.name}.` : `Saved ${command.name}.`,
    tone: "success",
  });
}

type ActionData = Route.ComponentProps["actionData"];

export default function VisualizerCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { options, editing } = loaderData;
  const total = VISUALIZER_CATEGORY_ORDER.reduce((sum, c) => sum + options[c].length, 0);
  return (
    <>
      <PageHeader
        title="Visualizer"
        description="The choices of the bathroom visualizer: tile, vanities, fixture finishes, showers and paint, with the colors the scene draws them in."
        actions={
          <a href={VISUALIZER_PATH} className={buttonClasses("ghost")}>
            Open the visualizer
          </a>
        }
      />
      <div className="flex flex-col gap-6">
        {editing ? (
          <OptionForm key={`edit-${editing.id}`} option={editing} actionData={actionData} />
        ) : (
          <OptionForm key={`new-${total}`} actionData={actionData} />
        )}
        {total === 0 ? (
          <EmptyState icon="inbox" title="No options yet.">
            Add one above: the page needs at least one option in every category.
          </EmptyState>
        ) : (
          VISUALIZER_CATEGORY_ORDER.map((category) => (
            <section key={category} aria-label={VISUALIZER_CATEGORY_LABELS[category]}>
              <DataTable
                caption={`${VISUALIZER_CATEGORY_LABELS[category]} (${options[category].length})`}
                columns={["Option", "Key", "Style", "Order", "Actions"]}
              >
                {options[category].map((option) => (
                  <OptionRow key={option.id} option={option} />
                ))}
              </DataTable>
            </section>
          ))
        )}
      </div>
    </>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-5 shrink-0 rounded-full border border-black/15"
      style={{ background: colour }}
    />
  );
}

function OptionRow({ option }: { option: VisualizerOption }) {
  return (
    <tr>
      <td className={cellClass}>
        <span className="inline-flex items-center gap-2">
          <Swatch colour={option.swatch} />
          {option.accent && <Swatch colour={option.accent} />}
          {option.name}
          {!option.active && <Badge tone="warning">Hidden</Badge>}
        </span>
      </td>
      <td className={`${cellClass} font-mono text-xs`}>{option.key}</td>
      <td className={cellClass}>{option.style}</td>
      <td className={`${cellClass} tabular-nums`}>{option.sortOrder}</td>
      <td className={cellClass}>
        <Link
          to={`/admin/visualizer?edit=${option.id}#edit-option`}
          className={buttonClasses("ghost")}
          aria-label={`Edit ${option.name}`}
        >
          Edit
        </Link>
      </td>
    </tr>
  );
}

function OptionForm({ option, actionData }: { option?: VisualizerOption; actionData: ActionData }) {
  const anchor = option ? "edit-option" : "new-option";
  const formId = `${anchor}-form`;
  const [form, fields] = useStaffForm(option ? updateOptionSchema : createOptionSchema, {
    id: formId,
    actionData,
    defaultValue: option
      ? {
          id: String(option.id),
          category: option.category,
          name: option.name,
          key: option.key,
          swatch: option.swatch,
          accent: option.accent ?? undefined,
          style: option.style,
          sortOrder: String(option.sortOrder),
          active: option.active ? "on" : undefined,
        }
      : { sortOrder: "0", active: "on" },
  });
  const styleHint = VISUALIZER_CATEGORY_ORDER.map(
    (category) =>
      `${VISUALIZER_CATEGORY_LABELS[category]}: ${VISUALIZER_STYLES[category].join(", ")}`,
  ).join(". ");
  return (
    <div id={anchor} className="scroll-mt-24">
      <Panel
        title={option ? `Edit ${option.name}` : "Add an option"}
        actions={
          option && (
            <Link to="/admin/visualizer" className={buttonClasses("ghost")}>
              Cancel
            </Link>
          )
        }
      >
        <StaffForm form={form} intent={option ? "update" : "create"}>
          {option && <input type="hidden" name={fields.id.name} value={option.id} />}
          <div className="grid gap-4 md:grid-cols-2">
            <FormSelect
              field={fields.category}
              label="Category"
              placeholder="Choose the category"
              options={CATEGORY_OPTIONS}
            />
            <FormTextField field={fields.name} label="Name" autoComplete="off" />
            <FormTextField
              field={fields.key}
              label="Key"
              hint="Used in share links: lower-case letters, digits and hyphens. Changing it breaks links already shared."
              autoComplete="off"
            />
            <FormSelect
              field={fields.style}
              label="Style"
              hint={styleHint}
              placeholder="Choose how it is drawn"
              options={STYLE_OPTIONS}
            />
            <FormTextField
              field={fields.swatch}
              label="Color"
              hint="As #rrggbb: the tile, cabinet, finish or paint."
              placeholder="#f4f2ec"
              autoComplete="off"
            />
            <FormTextField
              field={fields.accent}
              label="Second color (optional)"
              hint="Grout for tile, the countertop for a vanity, the glass for a shower."
              placeholder="#d9d4c8"
              autoComplete="off"
            />
            <FormTextField
              field={fields.sortOrder}
              label="Order"
              hint="Smaller first; the first active option of a category is the page's default."
              inputMode="numeric"
              autoComplete="off"
            />
            <FormCheckbox
              field={fields.active}
              label="Shown on the visualizer"
              className="self-end"
            />
          </div>
          <div className="mt-5 flex justify-end">
            <SubmitButton formId={formId} pendingLabel="Saving…">
              {option ? "Save option" : "Add option"}
            </SubmitButton>
          </div>
        </StaffForm>
      </Panel>
    </div>
  );
}
