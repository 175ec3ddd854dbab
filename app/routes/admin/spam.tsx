import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/spam";
import { Badge, EmptyState, formatDateTime, Pagination, PageHeader } from "~/components/admin/ui";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  listSpam,
  parseCursor,
  restoreSpamSubmission,
  type SpamEntry,
} from "~/modules/leads/inbox.server";
import { isTicked, type LeadField, type LeadFieldErrors } from "~/modules/leads/lead-options";
import { runtimeContext } from "~/modules/platform/context";
import { flashCookie } from "~/modules/staff/flash.server";
import { requestIp, requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Spam folder | Leads | Staff area" }];

const REASONS: Record<SpamEntry["reason"], { label: string; hint: string }> = {
  honeypot: {
    label: "Hidden field filled in",
    hint: "A field people never see had a value; form-filling bots do that.",
  },
  too_fast: {
    label: "Sent too fast",
    hint: "The form was sent within seconds of opening it.",
  },
  missing_form_token: {
    label: "No form token",
    hint: "The request did not come from a form the site served (or its token was altered).",
  },
  reused_form_token: {
    label: "Form sent again",
    hint: "The form's token had already served a stored request: a replay or a double submission.",
  },
};

const FIELD_LABELS: Record<LeadField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  service: "Service",
  projectType: "Project type",
  source: "Heard of us through",
  referralName: "Referred by",
  otherSource: "Other source",
  agreeToContact: "Agrees to be contacted",
  agreeToAllPresent: "All homeowners present",
};

const CHECKBOXES: readonly LeadField[] = ["agreeToContact", "agreeToAllPresent"];

/** A submitted value as staff read it: ticked boxes as "Yes", anything else as sent. */
function shownValue(field: LeadField, value: string): string {
  if (CHECKBOXES.includes(field) && isTicked(value)) return "Yes";
  return value.trim() ? value : "-";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const url = new URL(request.url);
  const cursor = parseCursor(url.searchParams.get("cursor"));
  const page = await listSpam(db, cursor);
  return {
    page,
    nextHref: page.nextCursor
      ? `/admin/leads/spam?${new URLSearchParams({ cursor: page.nextCursor })}`
      : null,
    firstHref: cursor ? "/admin/leads/spam" : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const spamId = String(form.get("spamId") ?? "");
  if (intent !== "not_spam") {
    return data(
      { spamId, errors: {} as LeadFieldErrors, message: "Unknown action." },
      { status: 400 },
    );
  }
  const outcome = await restoreSpamSubmission(
    {
      database: runtime.database,
      boss: runtime.jobs.boss,
      publicUrl: runtime.config.publicUrl,
    },
    { id: staff.id, email: staff.email, ip: requestIp(request, context) ?? null },
    spamId,
  );
  switch (outcome.kind) {
    case "restored":
      runtime.logger.info(
        { leadId: outcome.leadId, deliveries: outcome.deliveries },
        "spam entry restored as a lead",
      );
      return redirect(`/admin/leads/${outcome.leadId}`, {
        headers: {
          "Set-Cookie": flashCookie({
            message: "Not spam: the request is now a lead and is being delivered.",
            tone: "success",
          }),
        },
      });
    case "already":
      return redirect(`/admin/leads/${outcome.leadId}`, {
        headers: {
          "Set-Cookie": flashCookie({
            message: "This entry was already turned into a lead.",
            tone: "success",
          }),
        },
      });
    case "invalid":
      return data(
        {
          spamId,
          errors: outcome.errors,
          message: "This entry cannot become a lead as it is:",
        },
        { status: 422 },
      );
    case "not_found":
      return data(
        { spamId, errors: {} as LeadFieldErrors, message: "This entry no longer exists." },
        { status: 404 },
      );
  }
}

export default function Spam({ loaderData, actionData }: Route.ComponentProps) {
  const { page, nextHref, firstHref } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("spamId") : undefined;
  return (
    <>
      <PageHeader
        title="Spam folder"
        description={`${page.total.toLocaleString("en-US")} ${
          page.total === 1 ? "submission" : "submissions"
        } caught by the form's bot checks, newest first. Nothing here was delivered.`}
        actions={
          <Link to="/admin/leads" className={buttonClasses("ghost")}>
            <Icon name="chevron-left" className="size-4" />
            All leads
          </Link>
        }
      />

      {page.entries.length === 0 ? (
        <EmptyState icon="shield-check" title="The spam folder is empty">
          Submissions caught by the hidden field or the fill-time check appear here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {page.entries.map((entry) => (
            <SpamCard
              key={entry.id}
              entry={entry}
              failure={actionData?.spamId === entry.id ? actionData : undefined}
              busy={busyId === entry.id}
            />
          ))}
        </ul>
      )}

      <Pagination firstHref={firstHref} nextHref={nextHref} />
    </>
  );
}

function SpamCard({
  entry,
  failure,
  busy,
}: {
  entry: SpamEntry;
  failure: { errors: LeadFieldErrors; message: string } | undefined;
  busy: boolean;
}) {
  const headingId = `spam-${entry.id}`;
  const errorsId = `spam-${entry.id}-errors`;
  const reason = REASONS[entry.reason] ?? { label: entry.reason, hint: "" };
  const name = `${entry.values.firstName} ${entry.values.lastName}`.trim();
  const tracking = Object.entries(entry.tracking);
  const fieldErrors = failure?.errors ?? {};
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words font-sans text-base font-semibold">
            {name || "(no name given)"}
          </h2>
          <p className="text-sm text-muted">
            Caught {formatDateTime(entry.createdAt)}
            {entry.pagePath ? ` on ${entry.pagePath}` : ""}, sent by{" "}
            {entry.channel === "json" ? "the JSON API" : "the website form"}
          </p>
        </div>
        <Badge tone="warning">{reason.label}</Badge>
      </div>
      {reason.hint && <p className="mt-2 text-sm text-muted">{reason.hint}</p>}

      <dl className="mt-4 grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
        {(Object.keys(FIELD_LABELS) as LeadField[]).map((field) => (
          <div key={field} className="contents">
            <dt className="text-muted">{FIELD_LABELS[field]}</dt>
            <dd className="min-w-0 break-words">
              {shownValue(field, entry.values[field])}
              {fieldErrors[field] && (
                <span className="block font-medium text-danger">{fieldErrors[field]}</span>
              )}
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-muted">Hidden field</dt>
          <dd className="min-w-0 break-words">{entry.honeypot || "(empty)"}</dd>
        </div>
        <div className="contents">
          <dt className="text-muted">Referral code</dt>
          <dd className="min-w-0 break-words">{entry.affiliateCode ?? "-"}</dd>
        </div>
        <div className="contents">
          <dt className="text-muted">Address</dt>
          <dd className="min-w-0 break-words">{entry.ipAddress ?? "-"}</dd>
        </div>
        <div className="contents">
          <dt className="text-muted">Browser</dt>
          <dd className="min-w-0 break-words">{entry.userAgent ?? "-"}</dd>
        </div>
        <div className="contents">
          <dt className="text-muted">Tracking</dt>
          <dd className="min-w-0 break-words font-mono text-xs">
            {tracking.length === 0
              ? "-"
              : tracking.map(([key, value]) => `${key}=${value}`).join(", ")}
          </dd>
        </div>
      </dl>

      {failure && (
        <div
          id={errorsId}
          role="alert"
          className="mt-4 rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm text-danger"
        >
          <p className="font-semibold">{failure.message}</p>
          {Object.keys(fieldErrors).length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {(Object.entries(fieldErrors) as [LeadField, string][]).map(([field, message]) => (
                <li key={field}>
                  {FIELD_LABELS[field] ?? field}: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="mt-4 border-t border-stone-200 pt-4">
        {entry.leadId ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="success">Turned into a lead</Badge>
            <Link to={`/admin/leads/${entry.leadId}`} className="font-semibold underline">
              Open the lead
            </Link>
          </p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="not_spam" />
            <input type="hidden" name="spamId" value={entry.id} />
            <Button
              type="submit"
              variant="secondary"
              disabled={busy}
              aria-label={`Not spam: ${name || "this entry"}`}
              aria-describedby={failure ? errorsId : undefined}
            >
              <Icon name="circle-check" className="size-4" />
              {busy ? "Checking…" : "Not spam"}
            </Button>
          </Form>
        )}
      </div>
    </li>
  );
}
