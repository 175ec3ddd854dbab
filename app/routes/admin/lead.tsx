import { useId } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/lead";
import {
  Badge,
  ConfirmButton,
  formatCents,
  formatDateTime,
  PageHeader,
  Panel,
} from "~/components/admin/ui";
import { Button, buttonClasses } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import type { Touch } from "~/db/schema";
import { TRACKING_PARAMS } from "~/modules/attribution/tracking";
import {
  addLeadNote,
  changeLeadStatus,
  getLeadDetail,
  replayLeadDelivery,
  type StaffActor,
} from "~/modules/leads/inbox.server";
import {
  formatPhone,
  LEAD_STATUS_OPTIONS,
  leadStatusLabel,
  leadStatusTone,
} from "~/modules/leads/lead-display";
import { runtimeContext } from "~/modules/platform/context";
import { flashCookie } from "~/modules/staff/flash.server";
import { requestIp, requireStaff } from "~/modules/staff/guard.server";
import { ErrorAlert } from "~/components/ui/error-alert";

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
  // SPEC's tracking parameters in their order, then anything else the lead carries.
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

type ActionErrors = Partial<Record<"status" | "jobValue" | "lostReason" | "body" | "form", string>>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const actor: StaffActor = {
    id: staff.id,
    email: staff.email,
    ip: requestIp(request, context) ?? null,
  };
  const here = `/admin/leads/${params.leadId}`;
  const done = (message: string) =>
    redirect(here, { headers: { "Set-Cookie": flashCookie({ message, tone: "success" }) } });
  const refuse = (intent: string, errors: ActionErrors, values: Record<string, string> = {}) =>
    data({ intent, errors, values }, { status: 400 });

  const intent = text("intent");
  switch (intent) {
    case "status": {
      const values = {
        status: text("status"),
        jobValue: text("jobValue"),
        lostReason: text("lostReason"),
      };
      const outcome = await changeLeadStatus(runtime.database, actor, params.leadId, values);
      if (outcome.kind === "not_found") throw notFound();
      if (outcome.kind === "invalid") return refuse(intent, outcome.errors, values);
      return done(`Status changed to ${leadStatusLabel(outcome.status)}.`);
    }
    case "note": {
      const body = text("body");
      const outcome = await addLeadNote(runtime.database, actor, params.leadId, body);
      if (outcome.kind === "not_found") throw notFound();
      if (outcome.kind === "invalid") return refuse(intent, outcome.errors, { body });
      return done("Note added.");
    }
    case "replay": {
      const outcome = await replayLeadDelivery(
        runtime.database,
        runtime.jobs.boss,
        actor,
        params.leadId,
        text("deliveryId"),
      );
      if (outcome === "not_found") {
        return refuse(intent, { form: "That delivery does not belong to this lead." });
      }
      if (outcome === "busy") {
        return refuse(intent, {
          form: "That delivery is still queued or being sent; it cannot be replayed now.",
        });
      }
      return done("Delivery queued again; it goes out within seconds.");
    }
    default:
      return refuse(intent, { form: "Unknown action." });
  }
}

export default function LeadScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, affiliate, history, notes, deliveries, restoredFrom, trackingEntries } = loaderData;
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const errorsFor = (intent: string): ActionErrors =>
    actionData?.intent === intent ? actionData.errors : {};
  const valuesFor = (intent: string): Record<string, string> =>
    actionData?.intent === intent ? actionData.values : {};
  const statusErrors = errorsFor("status");
  const statusValues = valuesFor("status");
  const replayError = errorsFor("replay").form;

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
          <Link to="/admin/leads" className={buttonClasses("ghost")}>
            <Icon name="chevron-left" className="size-4" />
            All leads
          </Link>
        }
      />
      {actionData && actionData.intent !== "replay" && actionData.errors.form && (
        <ErrorAlert className="mb-4">{actionData.errors.form}</ErrorAlert>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Panel title="Contact and request">
            <Fields
              rows={[
                ["First name", lead.firstName],
                ["Last name", lead.lastName],
                [
                  "E-mail",
                  <a key="email" href={`mailto:${lead.email}`} className="break-all underline">
                    {lead.email}
                  </a>,
                ],
                [
                  "Phone",
                  <a key="phone" href={`tel:${lead.phone}`} className="underline">
                    {formatPhone(lead.phone)}
                  </a>,
                ],
                ["Service", lead.service],
                ["Project type", lead.projectType],
                ["Heard of us through", lead.source],
                ["Referred by", lead.referralName],
                ["Other source", lead.otherSource],
                ["Agrees to be contacted", lead.agreeToContact ? "Yes" : "No"],
                ["All homeowners present", lead.agreeToAllPresent ? "Yes" : "Not confirmed"],
              ]}
            />
          </Panel>

          <Panel title="Where it came from">
            <Fields
              rows={[
                [
                  "Affiliate",
                  affiliate
                    ? `${affiliate.name} (${affiliate.code}${affiliate.status === "active" ? "" : `, ${affiliate.status}`})`
                    : lead.affiliateCode
                      ? `${lead.affiliateCode} (no active affiliate with this code)`
                      : null,
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
            {replayError && (
              <p role="alert" className="mb-3 text-sm font-medium text-danger">
                {replayError}
              </p>
            )}
            {deliveries.length === 0 ? (
              <p className="text-sm text-muted">
                No deliveries: no webhook endpoint was enabled when this lead came in.
              </p>
            ) : (
              <ul className="flex flex-col gap-4">
                {deliveries.map((delivery) => (
                  <li key={delivery.id} className="rounded-lg border border-stone-200 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="break-all font-semibold">{delivery.endpoint.address}</p>
                        {delivery.endpoint.description && (
                          <p className="text-sm text-muted">{delivery.endpoint.description}</p>
                        )}
                      </div>
                      <Badge tone={deliveryTone(delivery.status)}>
                        {deliveryLabel(delivery.status, delivery.attempts)}
                      </Badge>
                    </div>
                    <Fields
                      className="mt-3"
                      rows={[
                        ["Attempts", String(delivery.attempts)],
                        [
                          "Last attempt",
                          delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : null,
                        ],
                        [
                          "Next attempt",
                          delivery.status === "pending"
                            ? formatDateTime(delivery.nextAttemptAt)
                            : null,
                        ],
                        [
                          "Delivered at",
                          delivery.deliveredAt ? formatDateTime(delivery.deliveredAt) : null,
                        ],
                        ["Last error", delivery.lastError],
                      ]}
                    />
                    {delivery.attemptLog.length > 0 && (
                      <details className="mt-3 text-sm">
                        <summary className="cursor-pointer font-semibold">
                          Attempt log ({delivery.attemptLog.length})
                        </summary>
                        <ol className="mt-2 divide-y divide-stone-200">
                          {delivery.attemptLog.map((attempt) => (
                            <li key={attempt.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
                              <span className="font-semibold">#{attempt.attemptNumber}</span>
                              <span>{formatDateTime(attempt.createdAt)}</span>
                              <span>
                                {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "No answer"}
                              </span>
                              <span className="tabular-nums text-muted">
                                {attempt.durationMs} ms
                              </span>
                              {attempt.error && (
                                <span className="w-full break-words text-danger">
                                  {attempt.error}
                                </span>
                              )}
                            </li>
                          ))}
                        </ol>
                      </details>
                    )}
                    <div className="mt-3">
                      {delivery.status === "delivered" || delivery.status === "failed" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="replay" />
                          <input type="hidden" name="deliveryId" value={delivery.id} />
                          <ConfirmButton
                            question={`Send this lead to ${delivery.endpoint.address} again?`}
                            confirmLabel="Send again"
                          >
                            <Icon name="rotate-cw" className="size-4" />
                            Replay delivery
                          </ConfirmButton>
                        </Form>
                      ) : (
                        <p className="text-sm text-muted">
                          Queued: it is sent (or retried) automatically.
                        </p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
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
            <Form
              method="post"
              key={`status-${history.length}`}
              className="mt-4 flex flex-col gap-4 border-t border-stone-200 pt-4"
            >
              <input type="hidden" name="intent" value="status" />
              <SelectField
                id="lead-status"
                name="status"
                label="Move to"
                placeholder="Choose a status"
                options={LEAD_STATUS_OPTIONS}
                defaultValue={statusValues.status ?? lead.status}
                error={statusErrors.status}
                required
              />
              <TextField
                id="lead-job-value"
                name="jobValue"
                label="Job value in dollars"
                hint="Needed for Won, e.g. 12,500 or 12500.50"
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                defaultValue={
                  statusValues.jobValue ??
                  (lead.jobValueCents !== null ? dollarsText(lead.jobValueCents) : "")
                }
                error={statusErrors.jobValue}
              />
              <TextAreaField
                id="lead-lost-reason"
                name="lostReason"
                label="Why it was lost"
                hint="Needed for Lost"
                rows={2}
                maxLength={500}
                defaultValue={statusValues.lostReason ?? lead.lostReason ?? ""}
                error={statusErrors.lostReason}
              />
              <Button type="submit" disabled={busyIntent === "status"}>
                {busyIntent === "status" ? "Saving…" : "Change status"}
              </Button>
            </Form>
          </Panel>

          <Panel title="Notes">
            <Form method="post" key={`note-${notes.length}`} className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField
                id="lead-note"
                name="body"
                label="Add a note"
                rows={3}
                maxLength={5000}
                required
                defaultValue={valuesFor("note").body ?? ""}
                error={errorsFor("note").body}
              />
              <Button type="submit" variant="secondary" disabled={busyIntent === "note"}>
                {busyIntent === "note" ? "Adding…" : "Add note"}
              </Button>
            </Form>
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

/** 1250050 -> "12,500.50", as the field accepts it back. */
const dollarsText = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function deliveryTone(status: string) {
  if (status === "delivered") return "success" as const;
  if (status === "failed") return "danger" as const;
  return "warning" as const;
}

function deliveryLabel(status: string, attempts: number) {
  switch (status) {
    case "delivered":
      return "Delivered";
    case "failed":
      return "Given up";
    case "sending":
      return "Sending";
    default:
      return attempts > 0 ? "Retrying" : "Queued";
  }
}

/** Label and value pairs; empty values are shown as a dash so every field is visible. */
function Fields({
  rows,
  mono = false,
  compact = false,
  className = "",
}: {
  rows: (readonly [string, React.ReactNode])[];
  mono?: boolean;
  /** For narrow columns: a shorter label column. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <dl
      className={`grid gap-x-4 gap-y-2 text-sm ${
        compact ? "grid-cols-[7rem_1fr]" : "sm:grid-cols-[11rem_1fr]"
      } ${className}`}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={`text-muted ${mono ? "font-mono text-xs sm:pt-0.5" : ""}`}>{label}</dt>
          <dd className="mb-1 min-w-0 break-words sm:mb-0">
            {value === null || value === undefined || value === "" ? "-" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TouchCard({ title, touch }: { title: string; touch: Touch | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-stone-50 p-3">
      <h3 id={headingId} className="mb-2 font-sans text-sm font-semibold">
        {title}
      </h3>
      {touch ? (
        <Fields
          compact
          rows={[
            ["When", formatDateTime(touch.at)],
            ["Landing page", touch.landingPath],
            ["Referrer", touch.referrer],
            ...Object.entries(touch.params).map(([name, value]) => [name, value ?? ""] as const),
          ]}
        />
      ) : (
        <p className="text-sm text-muted">Not recorded.</p>
      )}
    </section>
  );
}
