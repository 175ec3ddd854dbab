import { data, Link } from "react-router";
import type { Route } from "./+types/giveaway";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { cellClass, DataTable, PageNumbers } from "~/components/admin/data-table";
import { formatDateTime } from "~/components/admin/format";
import { FormImageField, type KeptImage } from "~/components/admin/image-upload-field";
import { EmptyState, ExportCsvLink, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import { buttonClasses } from "~/components/ui/button";
import { neighbourPages } from "~/components/ui/pager";
import type { Database } from "~/db/client.server";
import { instantToZonedTime } from "~/modules/content/post.schema";
import { giveawayPhase } from "~/modules/giveaways/giveaway-phase";
import {
  drawSchema,
  GIVEAWAY_IMAGE_NAMES,
  GIVEAWAY_MESSAGES,
  giveawayCommandSchema,
  giveawaySchema,
} from "~/modules/giveaways/giveaway.schema";
import {
  drawWinner,
  getGiveaway,
  giveawayValuesFrom,
  listEntries,
  saveGiveaway,
} from "~/modules/giveaways/giveaways.server";
import { loadResponsiveImages, settleImageField } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

/**
 * /admin/giveaways/new and /admin/giveaways/:giveawayId (docs/REQUIREMENTS.md R15.2): the
 * giveaway's form, and for an existing one its draw and its entries.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.giveaway ? loaderData.giveaway.title : "New giveaway"} | Staff area` },
];

const notFound = () => data({ message: GIVEAWAY_MESSAGES.notFound }, { status: 404 });

/** The giveaway id in the address, or undefined for a new one; 404 when it cannot be one. */
function giveawayIdOf(params: { giveawayId?: string }): number | undefined {
  if (params.giveawayId === undefined) return undefined;
  const id = integerIdOf(params.giveawayId);
  if (!id) throw notFound();
  return id;
}

async function keptImage(db: Database, id: string | null | undefined, alt: string) {
  if (!id) return undefined;
  const found = await loadResponsiveImages(db, [{ id, alt }]);
  return { id, image: found.get(id) } satisfies KeptImage;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const id = giveawayIdOf(params);
  if (id === undefined) return { giveaway: null };
  const found = await getGiveaway(db, id);
  if (!found) throw notFound();
  const { giveaway, winner } = found;
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const entries = await listEntries(db, id, Number.isFinite(page) ? page : 1);
  return {
    giveaway: {
      id: giveaway.id,
      title: giveaway.title,
      phase: giveawayPhase(giveaway),
      startsAt: giveaway.startsAt.toISOString(),
      endsAt: giveaway.endsAt.toISOString(),
      updatedAt: giveaway.updatedAt.toISOString(),
      image: await keptImage(db, giveaway.imageId, giveaway.prize),
      defaults: {
        giveawayId: String(giveaway.id),
        title: giveaway.title,
        prize: giveaway.prize,
        description: giveaway.description,
        startsAt: instantToZonedTime(giveaway.startsAt),
        endsAt: instantToZonedTime(giveaway.endsAt),
        rulesMarkdown: giveaway.rulesMarkdown,
      },
    },
    winner,
    entries: {
      ...entries,
      ...neighbourPages(entries.page, entries.pageCount, (n) => `/admin/giveaways/${id}?page=${n}`),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const id = giveawayIdOf(params);
  const { formId, submission } = await readStaffForm(request, giveawayCommandSchema);
  const command = submission.status === "success" ? submission.value : undefined;

  if (command && command.intent !== "save") {
    if (id === undefined || command.giveawayId !== id) throw notFound();
    const outcome = await drawWinner(runtime.database, actor, id, {
      redraw: command.intent === "redraw",
    });
    if (!outcome.ok)
      return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
    return redirectWithFlash(context, `/admin/giveaways/${id}`, {
      message: `The winner is ${outcome.winner.name}, drawn from ${outcome.eligibleEntries} eligible ${outcome.eligibleEntries === 1 ? "entry" : "entries"}.`,
      tone: "success",
    });
  }
  if (!command && submission.payload.intent !== "save") return formAnswer(formId, submission);

  // The image first (rendering takes a moment), even when another field was refused: a
  // refusal then keeps what was uploaded.
  const input: Record<string, unknown> = command ?? submission.payload;
  const refused = (submission.status === "error" && submission.error) || {};
  const file = input[GIVEAWAY_IMAGE_NAMES.fileName];
  const currentId = input[GIVEAWAY_IMAGE_NAMES.currentName];
  const image = await settleImageField(runtime.database, actor, {
    file: file instanceof File && !refused[GIVEAWAY_IMAGE_NAMES.fileName] ? file : undefined,
    currentId: typeof currentId === "string" ? currentId : undefined,
    remove: input[GIVEAWAY_IMAGE_NAMES.removeName],
  });
  const refuse = async (refusal: ReturnType<typeof refusalOf>) => {
    const answer = formAnswer(formId, submission, refusal);
    const uploaded =
      image.ok && image.uploaded && image.imageId
        ? await keptImage(runtime.db, image.imageId, "")
        : undefined;
    return data({ ...answer.data, uploaded }, answer.init ?? undefined);
  };
  if (!command || command.intent !== "save" || !image.ok) {
    return refuse({
      formError: undefined,
      fieldErrors: image.ok ? {} : { [GIVEAWAY_IMAGE_NAMES.fileName]: image.error },
    });
  }
  const values = giveawayValuesFrom(command, image.imageId);
  if (!values) return refuse({ formError: GIVEAWAY_MESSAGES.misunderstood, fieldErrors: {} });
  const outcome = await saveGiveaway(runtime.database, actor, id, values);
  if (!outcome.ok) return refuse(refusalOf(outcome.errors));
  return redirectWithFlash(context, `/admin/giveaways/${outcome.id}`, {
    message: outcome.created ? "Giveaway created." : "Giveaway saved.",
    tone: "success",
  });
}

/** The image a refused save stored, from its answer. */
function uploadedOf(actionData: unknown): KeptImage | undefined {
  if (!actionData || typeof actionData !== "object" || !("uploaded" in actionData))
    return undefined;
  return (actionData.uploaded ?? undefined) as KeptImage | undefined;
}

type LoaderData = Route.ComponentProps["loaderData"];
type Existing = Exclude<LoaderData["giveaway"], null>;

export default function GiveawayScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { giveaway } = loaderData;
  return (
    <>
      <PageHeader
        title={giveaway ? giveaway.title : "New giveaway"}
        description={
          giveaway
            ? `${formatDateTime(giveaway.startsAt)} to ${formatDateTime(giveaway.endsAt)} (New York time)`
            : "Visitors can enter on /giveaway between the start and the end; the winner is drawn after the end."
        }
        actions={
          <Link to="/admin/giveaways" className={buttonClasses("ghost")}>
            All giveaways
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {giveaway && "winner" in loaderData && (
          <DrawPanel giveaway={giveaway} winner={loaderData.winner} actionData={actionData} />
        )}
        <GiveawayForm
          // A save comes back as a fresh page: the form starts again from what was saved.
          key={giveaway ? `${giveaway.id}-${giveaway.updatedAt}` : "new"}
          giveaway={giveaway ?? undefined}
          uploaded={uploadedOf(actionData)}
          actionData={actionData}
        />
        {giveaway && "entries" in loaderData && (
          <EntriesPanel giveawayId={giveaway.id} entries={loaderData.entries} />
        )}
      </div>
    </>
  );
}

function GiveawayForm({
  giveaway,
  uploaded,
  actionData,
}: {
  giveaway?: Existing;
  uploaded?: KeptImage;
  actionData: unknown;
}) {
  const [form, fields] = useStaffForm(giveawaySchema, {
    id: "giveaway",
    actionData,
    defaultValue: giveaway?.defaults,
  });
  return (
    <Panel title={giveaway ? "Details" : "New giveaway"}>
      <StaffForm form={form} intent="save" encType="multipart/form-data">
        {giveaway && <input type="hidden" name={fields.giveawayId.name} value={giveaway.id} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField field={fields.title} label="Title" maxLength={200} />
          <FormTextField field={fields.prize} label="Prize" maxLength={200} />
          <FormTextField
            field={fields.startsAt}
            type="datetime-local"
            label="Entries open (New York time)"
          />
          <FormTextField
            field={fields.endsAt}
            type="datetime-local"
            label="Entries close (New York time)"
          />
        </div>
        <div className="mt-4 flex flex-col gap-4">
          <FormTextArea
            field={fields.description}
            label="Description"
            rows={4}
            hint="Shown on /giveaway above the entry form."
          />
          <FormTextArea
            field={fields.rulesMarkdown}
            label="Official rules (Markdown)"
            rows={12}
            hint="Shown on /giveaway/rules; visitors agree to them when they enter."
          />
          <FormImageField
            fields={fields}
            names={GIVEAWAY_IMAGE_NAMES}
            kept={uploaded ?? giveaway?.image}
            label="Image (optional)"
            hint="Shown on /giveaway, described by the prize. A JPEG, PNG, WebP, AVIF or GIF image of up to 10 MB."
          />
        </div>
        <div className="mt-5 flex justify-end">
          <SubmitButton formId="giveaway" pendingLabel="Saving…">
            {giveaway ? "Save giveaway" : "Create giveaway"}
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}

function DrawPanel({
  giveaway,
  winner,
  actionData,
}: {
  giveaway: Existing;
  winner: (LoaderData extends { winner?: infer W } ? W : never) | undefined;
  actionData: unknown;
}) {
  const [form, fields] = useStaffForm(drawSchema, {
    id: "draw",
    actionData,
    defaultValue: { giveawayId: String(giveaway.id) },
  });
  return (
    <Panel title="Winner">
      <StaffForm form={form} className="flex flex-col gap-3">
        <input type="hidden" name={fields.giveawayId.name} value={giveaway.id} />
        {winner ? (
          <div>
            <p className="text-lg font-semibold" data-testid="giveaway-winner">
              {winner.name}
            </p>
            <p className="text-sm text-muted">
              {winner.email} · {winner.phone} · drawn {formatDateTime(winner.drawnAt)}
              {winner.drawnBy ? ` by ${winner.drawnBy}` : ""}
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {giveaway.phase === "ended"
              ? "The giveaway has ended: draw the winner, picked at random with equal chances among the entries made between its start and end."
              : `The winner can be drawn once the giveaway has ended (${formatDateTime(giveaway.endsAt)}).`}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {winner ? (
            <ConfirmButton
              intent="redraw"
              question="Draw another winner? The current winner is left out of the new draw. Do this only if they cannot be reached or do not qualify."
              confirmLabel="Redraw"
            >
              Redraw
            </ConfirmButton>
          ) : (
            <SubmitButton formId="draw" intent="draw" pendingLabel="Drawing…">
              Draw a winner
            </SubmitButton>
          )}
        </div>
      </StaffForm>
    </Panel>
  );
}

function EntriesPanel({
  giveawayId,
  entries,
}: {
  giveawayId: number;
  entries: LoaderData extends { entries?: infer E } ? NonNullable<E> : never;
}) {
  return (
    <Panel
      title={`Entries (${entries.total})`}
      actions={<ExportCsvLink href={`/admin/giveaways/${giveawayId}/entries.csv`} />}
    >
      {entries.entries.length === 0 ? (
        <EmptyState title="No entries yet">Entries made on /giveaway appear here.</EmptyState>
      ) : (
        <>
          <DataTable
            caption="Entries, newest first"
            columns={["Entered", "Name", "Contact", "ZIP", "Source"]}
          >
            {entries.entries.map((entry) => (
              <tr key={entry.id}>
                <td className={cellClass}>{formatDateTime(entry.createdAt)}</td>
                <td className={cellClass}>{entry.name}</td>
                <td className={`${cellClass} break-all`}>
                  {entry.email}
                  <br />
                  {entry.phone}
                </td>
                <td className={cellClass}>{entry.zip}</td>
                <td className={cellClass}>
                  <Badge tone="neutral">{entry.source}</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
          <PageNumbers
            page={entries.page}
            pageCount={entries.pageCount}
            previousHref={entries.previousHref}
            nextHref={entries.nextHref}
          />
        </>
      )}
    </Panel>
  );
}
