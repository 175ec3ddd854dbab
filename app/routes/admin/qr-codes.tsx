import { Link } from "react-router";
import type { Route } from "./+types/qr-codes";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatDateTime } from "~/components/admin/format";
import { ActionLink, EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormCheckbox, FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { SwitchButton, type SwitchIntents } from "~/components/admin/switch-button";
import { buttonClasses } from "~/components/ui/button";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import {
  createQrCode,
  getQrCode,
  listQrCodes,
  logoChoices,
  setQrCodeEnabled,
  updateQrCode,
  type QrOutcome,
} from "~/modules/qr/qr-codes.server";
import { qrShortUrl, qrTargetUrl } from "~/modules/qr/qr-links";
import {
  createQrSchema,
  ERROR_CORRECTION_OPTIONS,
  qrCommandSchema,
  qrRowCommandSchema,
  updateQrSchema,
} from "~/modules/qr/qr.schema";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "QR codes | Staff area" }];

/** docs/REQUIREMENTS.md R15.3: the codes with their scans; `?edit=ID#edit-qr-code` edits one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(runtimeContext);
  const origin = config.publicUrl.origin;
  const editId = integerIdOf(new URL(request.url).searchParams.get("edit"));
  const [codes, logos, editing] = await Promise.all([
    listQrCodes(db),
    logoChoices(db),
    editId ? getQrCode(db, editId) : undefined,
  ]);
  const withAddresses = <T extends { slug: string; target: string; utm: object }>(code: T) => ({
    ...code,
    shortUrl: qrShortUrl(origin, code.slug),
    goesTo: qrTargetUrl(code, origin),
  });
  return {
    codes: codes.map(withAddresses),
    logos,
    editing: editing ? withAddresses(editing) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, qrCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const origin = runtime.config.publicUrl.origin;
  const back = (message: string) =>
    redirectWithFlash(context, "/admin/qr-codes", { message, tone: "success" });
  const refused = (outcome: Extract<QrOutcome, { ok: false }>) =>
    formAnswer(formId, submission, { ...refusalOf(outcome.errors), status: 409 });

  switch (command.intent) {
    case "create":
    case "update": {
      const outcome =
        command.intent === "create"
          ? await createQrCode(runtime.database, actor, command, origin)
          : await updateQrCode(runtime.database, actor, command.id, command, origin);
      if (!outcome.ok) return refused(outcome);
      return back(command.intent === "create" ? "QR code added." : "QR code saved.");
    }
    case "enable":
    case "disable": {
      const on = command.intent === "enable";
      const outcome = await setQrCodeEnabled(runtime.database, actor, command.id, on);
      if (!outcome.ok) return refused(outcome);
      return back(on ? "QR code switched on." : "QR code switched off.");
    }
  }
}

type ActionData = Route.ComponentProps["actionData"];
type Code = Route.ComponentProps["loaderData"]["codes"][number];
type Logo = Route.ComponentProps["loaderData"]["logos"][number];

export default function QrCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, logos, editing } = loaderData;
  return (
    <>
      <PageHeader
        title="QR codes"
        description="Codes for print that count their scans and send people on with your campaign's UTM parameters."
        actions={
          <ActionLink to="/qr-analytics" icon="eye">
            QR analytics
          </ActionLink>
        }
      />
      <div className="flex flex-col gap-6">
        {editing ? (
          <QrForm key={`edit-${editing.id}`} code={editing} logos={logos} actionData={actionData} />
        ) : (
          <QrForm key={`new-${codes.length}`} logos={logos} actionData={actionData} />
        )}
        <section aria-label="Tracked QR codes">
          {codes.length === 0 ? (
            <EmptyState icon="inbox" title="No QR codes yet.">
              Add one above: it is ready to download as soon as it is saved.
            </EmptyState>
          ) : (
            <DataTable
              caption={`QR codes (${codes.length})`}
              columns={["Name", "Goes to", "Scans", "Files", "Actions"]}
            >
              {codes.map((code) => (
                <QrRow key={code.id} code={code} actionData={actionData} />
              ))}
            </DataTable>
          )}
        </section>
      </div>
    </>
  );
}

/** A colour picker as tall as the text fields beside it. */
const COLOUR_INPUT = { height: "2.75rem", padding: "0.25rem", cursor: "pointer" };

function QrForm({
  code,
  logos,
  actionData,
}: {
  code?: Code;
  logos: Logo[];
  actionData: ActionData;
}) {
  const anchor = code ? "edit-qr-code" : "new-qr-code";
  const formId = `${anchor}-form`;
  const [form, fields] = useStaffForm(code ? updateQrSchema : createQrSchema, {
    id: formId,
    actionData,
    defaultValue: code
      ? {
          id: String(code.id),
          name: code.name,
          slug: code.slug,
          target: code.target,
          utmSource: code.utm.utm_source,
          utmMedium: code.utm.utm_medium,
          utmCampaign: code.utm.utm_campaign,
          utmContent: code.utm.utm_content,
          utmTerm: code.utm.utm_term,
          foreground: code.foreground,
          background: code.background,
          errorCorrection: code.errorCorrection,
          logoImageId: code.logoImageId ?? undefined,
          enabled: code.enabled ? "on" : undefined,
        }
      : {
          target: "/",
          foreground: "#1f2a2e",
          background: "#ffffff",
          errorCorrection: "M",
          enabled: "on",
        },
  });
  return (
    <div id={anchor} className="scroll-mt-24">
      <Panel
        title={code ? `Edit ${code.name}` : "Add a QR code"}
        actions={
          code && (
            <Link to="/admin/qr-codes" className={buttonClasses("ghost")}>
              Cancel
            </Link>
          )
        }
      >
        <p className="-mt-2 mb-4 text-sm text-muted">
          The code holds a short address of this site that counts each scan, then sends people to
          the target with the UTM parameters below. Before a code is saved the server reads its
          image back, so a code that would not scan is never saved.
        </p>
        <StaffForm form={form} intent={code ? "update" : "create"}>
          {code && <input type="hidden" name={fields.id.name} value={code.id} />}
          <div className="grid gap-4 md:grid-cols-2">
            <FormTextField field={fields.name} label="Name" autoComplete="off" />
            <FormTextField
              field={fields.slug}
              label="Slug"
              hint="The short address /q/slug. Made from the name when left empty."
              autoComplete="off"
            />
            <FormTextField
              field={fields.target}
              label="Goes to"
              hint="A path of this site like /bathrooms, or a full https:// address."
              autoComplete="off"
              className="md:col-span-2"
            />
            <FormTextField field={fields.utmSource} label="UTM source" placeholder="e.g. flyer" />
            <FormTextField field={fields.utmMedium} label="UTM medium" placeholder="e.g. print" />
            <FormTextField
              field={fields.utmCampaign}
              label="UTM campaign"
              placeholder="e.g. spring-sale"
            />
            <FormTextField field={fields.utmContent} label="UTM content" />
            <FormTextField field={fields.utmTerm} label="UTM term" />
            <FormSelect
              field={fields.errorCorrection}
              label="Error correction"
              placeholder="Choose a level"
              options={ERROR_CORRECTION_OPTIONS}
              hint="A higher level survives wear and smudges but makes a denser code."
            />
            <FormTextField
              field={fields.foreground}
              label="Foreground color"
              type="color"
              style={COLOUR_INPUT}
              hint="Dark, on a light background: many scanners read nothing else."
            />
            <FormTextField
              field={fields.background}
              label="Background color"
              type="color"
              style={COLOUR_INPUT}
            />
            <FormSelect
              field={fields.logoImageId}
              label="Centre logo"
              placeholder="No logo"
              options={logos}
              hint="From the media library. A logo sets error correction to H and covers at most a fifth of the width."
            />
            <FormCheckbox field={fields.enabled} label="Switched on" className="self-end" />
          </div>
          <div className="mt-5 flex justify-end">
            <SubmitButton formId={formId} pendingLabel="Checking and saving…">
              {code ? "Save QR code" : "Add QR code"}
            </SubmitButton>
          </div>
        </StaffForm>
      </Panel>
    </div>
  );
}

const CODE_SWITCH: SwitchIntents = {
  on: { intent: "enable", label: "Switch on" },
  off: { intent: "disable", label: "Switch off" },
};

function QrRow({ code, actionData }: { code: Code; actionData: ActionData }) {
  const formId = `qr-code-${code.id}`;
  const [form] = useStaffForm(qrRowCommandSchema, { id: formId, actionData });
  const files = `/admin/qr-codes/${code.id}`;
  return (
    <tr>
      <td className={cellClass}>
        <div className="font-medium">{code.name}</div>
        <div className="break-all font-mono text-xs text-muted">{code.shortUrl}</div>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {!code.enabled && <Badge tone="warning">Off</Badge>}
          {code.logoImageId && <Badge tone="info">Logo</Badge>}
        </div>
      </td>
      <td className={`${cellClass} break-all font-mono text-xs`}>{code.goesTo}</td>
      <td className={`${cellClass} tabular-nums`}>
        <span data-testid="qr-scans">
          {code.scanCount.toLocaleString("en-US")} total,{" "}
          {code.uniqueScanCount.toLocaleString("en-US")} unique
        </span>
        <div className="text-xs text-muted">since {formatDateTime(code.createdAt)}</div>
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2 text-sm">
          <a href={`${files}/download?format=png`} download aria-label={`PNG of ${code.name}`}>
            PNG
          </a>
          <a href={`${files}/download?format=svg`} download aria-label={`SVG of ${code.name}`}>
            SVG
          </a>
          <Link to={`${files}/print`} reloadDocument aria-label={`Print sheet of ${code.name}`}>
            Print sheet
          </Link>
        </div>
      </td>
      <td className={cellClass}>
        <StaffForm form={form} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={code.id} />
          <Link
            to={`/admin/qr-codes?edit=${code.id}#edit-qr-code`}
            className={buttonClasses("ghost")}
            aria-label={`Edit ${code.name}`}
          >
            Edit
          </Link>
          <SwitchButton formId={formId} isOn={code.enabled} intents={CODE_SWITCH} />
        </StaffForm>
      </td>
    </tr>
  );
}
