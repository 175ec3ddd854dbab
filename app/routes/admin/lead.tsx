import { data, Link } from "react-router";
import type { Route } from "./+types/lead";
import { Badge } from "~/components/admin/badge";
import { EmailAddress } from "~/components/admin/email-address";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { DeliveryList, DesignChoices, Fields, TouchCard } from "~/components/admin/lead-panels";
import { ActionLink, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormSelect, FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import { TRACKING_PARAMS } from "~/modules/attribution/tracking";
import { replayLeadDelivery } from "~/modules/leads/lead-deliveries.server";
import { getLeadDetail } from "~/modules/leads/lead-detail.server";
import { LEAD_FIELD_LABELS } from "~/modules/leads/lead-fields";
import {
  leadCommandSchema,
  leadNoteSchema,
  leadStatusSchema,
  MAX_LOST_REASON_LENGTH,
  MAX_NOTE_LENGTH,
  REPLAY_NOT_FOUND,
} from "~/modules/leads/lead-inbox.schema";
import { addLeadNote } from "~/modules/leads/lead-notes.server";
import { changeLeadStatus } from "~/modules/leads/lead-status.server";
import {
  LEAD_STATUS_OPTIONS,
  leadStatusLabel,
  leadStatusTone,
} from "~/modules/leads/lead-status-labels";
import { formatPhone } from "~/modules/leads/phone";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.lead.firstName} ${loaderData.lead.lastName} | Leads | Staff area`
      : "Lead | Staff area",
  },
];

const notFound = () => data({ reason: "not_found" as const }, { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const detail = await getLeadDetail(db, params.leadId);
  if (!detail) throw notFound();
  // Tracking parameters in their order (docs/REQUIREMENTS.md R3.2), then the lead's others.
  const tracking: Record<string, string | undefined> = detail.lead.tracking;
  const known = TRACKING_PARAMS.filter((name) => tracking[name]);
  const others = Object.keys(tracking)
    .filter((name) => !(TRACKING_PARAMS as readonly string[]).includes(name) && tracking[name])
    .sort();
  return {
    ...detail,
    trackingEntries: [...known, ...others].map((name) => [name, tracking[name] ?? ""] as const),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, leadCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const done = (message: string) =>
    redirectWithFlash(context, `/admin/leads/${params.leadId}`, { message, tone: "success" });

  switch (command.intent) {
    case "status": {
      const outcome = await changeLeadStatus(runtime.database, actor, params.leadId, command);
      if (outcome.kind === "not_found") throw notFound();
      if (outcome.kind === "invalid") {
        return formAnswer(formId, submission, { fieldErrors: outcome.errors, status: 400 });
      }
      return done(`Status changed to ${leadStatusLabel(outcome.status)}.`);
    }
    case "note": {
      const outcome = await addLeadNote(runtime.database, actor, params.leadId, command.body);
      if (outcome.kind === "not_found") throw notFound();
      if (outcome.kind === "invalid") {
        return formAnswer(formId, submission, { fieldErrors: outcome.errors, status: 400 });
      }
      return done("Note added.");
    }
    case "replay": {
      const outcome = await replayLeadDelivery(
        runtime.database,
        runtime.jobs.boss,
        actor,
        params.leadId,
        command.deliveryId,
      );
      if (outcome === "replayed") return done("Delivery queued again; it goes out within seconds.");
      const formError =
        outcome === "busy"
          ? "That delivery is still queued or being sent; it cannot be replayed now."
          : REPLAY_NOT_FOUND;
      return formAnswer(formId, submission, { formError, status: 400 });
    }
  }
}

export default function LeadScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, affiliate, history, notes, deliveries, restoredFrom, trackingEntries } = loaderData;

  return (
    <>
      <PageHeader
        title={`${lead.firstName} ${lead.lastName}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={leadStatusTone(lead.status)}>{leadStatusLabel(lead.status)}</Badge>
            <span>
              Received {formatDateTime(lead.createdAt)} from {lead.source}
            </span>
          </span>
        }
        actions={
          <ActionLink to="/admin/leads" icon="chevron-left">
            All leads
          </ActionLink>
        }
      />

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Panel title="Contact and request">
            <Fields
              rows={[
                [LEAD_FIELD_LABELS.firstName, lead.firstName],
                [LEAD_FIELD_LABELS.lastName, lead.lastName],
                [
                  LEAD_FIELD_LABELS.email,
                  <a key="email" href={`mailto:${lead.email}`} className="underline">
                    <EmailAddress email={lead.email} />
                  </a>,
                ],
                [
                  LEAD_FIELD_LABELS.phone,
                  <a key="phone" href={`tel:${lead.phone}`} className="underline">
                    {formatPhone(lead.phone)}
                  </a>,
                ],
                [LEAD_FIELD_LABELS.service, lead.service],
                [LEAD_FIELD_LABELS.projectType, lead.projectType],
                [LEAD_FIELD_LABELS.source, lead.source],
                [LEAD_FIELD_LABELS.referralName, lead.referralName],
                [LEAD_FIELD_LABELS.otherSource, lead.otherSource],
                [LEAD_FIELD_LABELS.agreeToContact, lead.agreeToContact ? "Yes" : "No"],
                [
                  LEAD_FIELD_LABELS.agreeToAllPresent,
                  lead.agreeToAllPresent ? "Yes" : "Not confirmed",
                ],
              ]}
            />
          </Panel>

          {loaderData.design.length > 0 && (
            <Panel title="Visualizer design">
              <DesignChoices choices={loaderData.design} />
            </Panel>
          )}

          <Panel title="Where it came from">
            <Fields
              rows={[
                [
                  "Affiliate",
                  affiliate ? (
                    <Link
                      key="affiliate"
                      to={`/admin/affiliates/${affiliate.id}`}
                      className="underline"
                    >
                      {affiliate.name} ({affiliate.code}
                      {affiliate.status === "approved" ? "" : `, ${affiliate.status}`})
                    </Link>
                  ) : lead.affiliateCode ? (
                    `${lead.affiliateCode} (no approved affiliate with this code)`
                  ) : null,
                ],
                ["Sent from page", lead.pagePath],
                ["Sent by", lead.channel === "json" ? "The JSON API" : "The website form"],
                ["Address", lead.ipAddress],
                ["Browser", lead.userAgent],
                ["Last updated", formatDateTime(lead.updatedAt)],
                [
                  "Spam folder",
                  restoredFrom
                    ? `Restored from the spam folder (caught ${formatDateTime(restoredFrom.createdAt)})`
                    : null,
                ],
              ]}
            />
            <div className="mt-5 grid gap-4 xl:grid-cols-2">
              <TouchCard title="First touch" touch={lead.firstTouch} />
              <TouchCard title="Last touch" touch={lead.lastTouch} />
            </div>
          </Panel>

          <Panel title="Tracking parameters">
            {trackingEntries.length === 0 ? (
              <p className="text-sm text-muted">None were captured.</p>
            ) : (
              <Fields rows={trackingEntries.map(([name, value]) => [name, value])} mono />
            )}
          </Panel>

          <Panel title="Webhook deliveries">
            <DeliveryList deliveries={deliveries} actionData={actionData} />
          </Panel>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <Panel title="Status">
            <Fields
              compact
              rows={[
                ["Now", leadStatusLabel(lead.status)],
                ["Job value", lead.jobValueCents !== null ? formatCents(lead.jobValueCents) : null],
                ["Lost because", lead.lostReason],
              ]}
            />
            <StatusForm key={`status-${history.length}`} lead={lead} actionData={actionData} />
          </Panel>

          <Panel title="Notes">
            <NoteForm key={`note-${notes.length}`} actionData={actionData} />
            {notes.length > 0 && (
              <ol className="mt-4 flex flex-col divide-y divide-stone-200 border-t border-stone-200">
                {notes.map((note) => (
                  <li key={note.id} className="py-3 text-sm">
                    <p className="whitespace-pre-wrap break-words">{note.body}</p>
                    <p className="mt-1 text-xs text-muted">
                      {note.authorName ?? note.authorEmail ?? "A former staff member"},{" "}
                      {formatDateTime(note.createdAt)}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>

          <Panel title="Status history">
            <ol className="flex flex-col gap-3 text-sm">
              {history.map((entry) => (
                <li key={entry.id} className="border-l-2 border-brass pl-3">
                  <p className="font-semibold">
                    {entry.fromStatus ? `${leadStatusLabel(entry.fromStatus)} → ` : ""}
                    {leadStatusLabel(entry.toStatus)}
                  </p>
                  {entry.jobValueCents !== null && (
                    <p>Job value {formatCents(entry.jobValueCents)}</p>
                  )}
                  {entry.lostReason && <p className="break-words">Because: {entry.lostReason}</p>}
                  <p className="text-xs text-muted">
                    {entry.actorName ?? entry.actorEmail ?? "A former staff member"},{" "}
                    {formatDateTime(entry.createdAt)}
                  </p>
                </li>
              ))}
              <li className="border-l-2 border-stone-300 pl-3">
                <p className="font-semibold">Received as New</p>
                <p className="text-xs text-muted">{formatDateTime(lead.createdAt)}</p>
              </li>
            </ol>
          </Panel>
        </div>
      </div>
    </>
  );
}

type Lead = Route.ComponentProps["loaderData"]["lead"];

function StatusForm({ lead, actionData }: { lead: Lead; actionData: unknown }) {
  const [form, fields] = useStaffForm(leadStatusSchema, {
    id: "status",
    actionData,
    defaultValue: {
      status: lead.status,
      jobValue: lead.jobValueCents !== null ? dollarsText(lead.jobValueCents) : "",
      lostReason: lead.lostReason ?? "",
    },
  });
  return (
    <StaffForm
      form={form}
      intent="status"
      className="mt-4 flex flex-col gap-4 border-t border-stone-200 pt-4"
    >
      <FormSelect
        field={fields.status}
        label="Move to"
        placeholder="Choose a status"
        options={LEAD_STATUS_OPTIONS}
      />
      <FormTextField
        field={fields.jobValue}
        label="Job value in dollars"
        hint="Needed for Won, e.g. 12,500 or 12500.50"
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
      />
      <FormTextArea
        field={fields.lostReason}
        label="Why it was lost"
        hint="Needed for Lost"
        rows={2}
        maxLength={MAX_LOST_REASON_LENGTH}
      />
      <SubmitButton formId="status" pendingLabel="Saving…">
        Change status
      </SubmitButton>
    </StaffForm>
  );
}

function NoteForm({ actionData }: { actionData: unknown }) {
  const [form, fields] = useStaffForm(leadNoteSchema, { id: "note", actionData });
  return (
    <StaffForm form={form} intent="note" className="flex flex-col gap-3">
      <FormTextArea field={fields.body} label="Add a note" rows={3} maxLength={MAX_NOTE_LENGTH} />
      <SubmitButton formId="note" variant="secondary" pendingLabel="Adding…">
        Add note
      </SubmitButton>
    </StaffForm>
  );
}

/** 1250050 -> "12,500.50", as the field accepts it back. */
const dollarsText = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
