import { Link } from "react-router";
import type { Route } from "./+types/spam";
import { Badge } from "~/components/admin/badge";
import { Pagination } from "~/components/admin/data-table";
import { EmailAddress } from "~/components/admin/email-address";
import { formatDateTime } from "~/components/admin/format";
import { CARD_CLASSES, EmptyState, PageHeader } from "~/components/admin/page";
import { resultFor, StaffForm, useFormBusy, useStaffForm } from "~/components/admin/staff-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  isTicked,
  LEAD_FIELD_LABELS,
  LEAD_FIELDS,
  type LeadField,
} from "~/modules/leads/lead-fields";
import { spamCommandSchema } from "~/modules/leads/lead-inbox.schema";
import { cursorFrom } from "~/modules/leads/lead-list.server";
import { listSpam, restoreSpamSubmission, type SpamEntry } from "~/modules/leads/spam.server";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

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
  bot_protection: {
    label: "Refused by bot protection",
    hint: "Bot protection is on in settings and the request looked automated (for example a headless browser).",
  },
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
  const cursor = cursorFrom(new URL(request.url).searchParams);
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
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, spamCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const outcome = await restoreSpamSubmission(
    {
      database: runtime.database,
      boss: runtime.jobs.boss,
      publicUrl: runtime.config.publicUrl,
    },
    actor,
    submission.value.spamId,
  );
  switch (outcome.kind) {
    case "restored":
      runtime.logger.info(
        { leadId: outcome.leadId, deliveries: outcome.deliveries },
        "spam entry restored as a lead",
      );
      return redirectWithFlash(context, `/admin/leads/${outcome.leadId}`, {
        message: "Not spam: the request is now a lead and is being delivered.",
        tone: "success",
      });
    case "already":
      return redirectWithFlash(context, `/admin/leads/${outcome.leadId}`, {
        message: "This entry was already turned into a lead.",
        tone: "success",
      });
    case "invalid":
      return formAnswer(formId, submission, {
        fieldErrors: outcome.errors,
        formError: "This entry cannot become a lead as it is:",
      });
    case "not_found":
      return formAnswer(formId, submission, {
        formError: "This entry no longer exists.",
        status: 404,
      });
  }
}

export default function Spam({ loaderData, actionData }: Route.ComponentProps) {
  const { page, nextHref, firstHref } = loaderData;
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
            <SpamCard key={entry.id} entry={entry} actionData={actionData} />
          ))}
        </ul>
      )}

      <Pagination firstHref={firstHref} nextHref={nextHref} />
    </>
  );
}

function SpamCard({ entry, actionData }: { entry: SpamEntry; actionData: unknown }) {
  const headingId = `spam-${entry.id}`;
  const formId = `not-spam-${entry.id}`;
  const [form, fields] = useStaffForm(spamCommandSchema, { id: formId, actionData });
  const busy = useFormBusy(formId);
  // The form's rules refuse fields this form does not have: they are the entry's own.
  const refused = resultFor(actionData, formId)?.error ?? {};
  const fieldErrors = Object.fromEntries(
    LEAD_FIELDS.flatMap((field) => {
      const message = refused[field]?.[0];
      return message ? [[field, message]] : [];
    }),
  ) as Partial<Record<LeadField, string>>;
  const errorsId = `spam-${entry.id}-errors`;
  const reason = REASONS[entry.reason] ?? { label: entry.reason, hint: "" };
  const name = `${entry.values.firstName} ${entry.values.lastName}`.trim();
  const tracking = Object.entries(entry.tracking);
  return (
    <li aria-labelledby={headingId} className={`${CARD_CLASSES} sm:p-5`}>
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
        {LEAD_FIELDS.map((field) => (
          <div key={field} className="contents">
            <dt className="text-muted">{LEAD_FIELD_LABELS[field]}</dt>
            <dd className="min-w-0 break-words">
              {field === "email" && entry.values.email.trim() ? (
                <EmailAddress email={entry.values.email} />
              ) : (
                shownValue(field, entry.values[field])
              )}
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

      <div className="mt-4 border-t border-stone-200 pt-4">
        {entry.leadId ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="success">Turned into a lead</Badge>
            <Link to={`/admin/leads/${entry.leadId}`} className="font-semibold underline">
              Open the lead
            </Link>
          </p>
        ) : (
          <StaffForm form={form} intent="not_spam">
            <input type="hidden" name={fields.spamId.name} value={entry.id} />
            {Object.keys(fieldErrors).length > 0 && (
              <ul
                id={errorsId}
                className="-mt-2 mb-4 list-disc rounded-lg bg-danger/5 py-2 pl-8 pr-3 text-sm text-danger"
              >
                {(Object.entries(fieldErrors) as [LeadField, string][]).map(([field, message]) => (
                  <li key={field}>
                    {LEAD_FIELD_LABELS[field]}: {message}
                  </li>
                ))}
              </ul>
            )}
            <Button
              type="submit"
              variant="secondary"
              disabled={busy}
              aria-label={`Not spam: ${name || "this entry"}`}
              aria-describedby={form.errors ? `${form.errorId} ${errorsId}` : undefined}
            >
              <Icon name="circle-check" className="size-4" />
              {busy ? "Checking…" : "Not spam"}
            </Button>
          </StaffForm>
        )}
      </div>
    </li>
  );
}
