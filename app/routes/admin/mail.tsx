import { Link } from "react-router";
import type { Route } from "./+types/mail";
import { Badge } from "~/components/admin/badge";
import { cellClass, DataTable, NextPageLink } from "~/components/admin/data-table";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { EmailText } from "~/components/admin/email-text";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader, Panel } from "~/components/admin/page";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";
import {
  MAIL_STATUSES,
  mailLogPage,
  mailMessage,
  readMailFilter,
} from "~/modules/mail/mail-log.server";

export const meta: Route.MetaFunction = () => [{ title: "Mail log | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, config } = context.get(runtimeContext);
  const { status, before, message } = readMailFilter(new URL(request.url).searchParams);
  const [page, open] = await Promise.all([
    mailLogPage(db, { before, status }),
    message ? mailMessage(db, message) : Promise.resolve(undefined),
  ]);
  return {
    ...page,
    open: open ?? null,
    status: status ?? "",
    before: before ?? null,
    sending: Boolean(config.smtpUrl),
    statuses: [...MAIL_STATUSES],
  };
}

const STATUS_TONE = {
  queued: "info",
  sending: "info",
  sent: "success",
  kept: "neutral",
  failed: "danger",
} as const;

const STATUS_LABEL = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  kept: "Kept (not sent)",
  failed: "Failed",
} as const;

export default function MailLog({ loaderData }: Route.ComponentProps) {
  const { messages, next, open, status, before, sending, statuses } = loaderData;
  const link = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const merged = { status: status || null, before, message: null, ...changes };
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
    const query = params.toString();
    return `/admin/mail${query ? `?${query}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="Mail log"
        description={
          sending
            ? "Every e-mail the product sent or is sending, newest first."
            : "No SMTP_URL is set, so e-mails are kept here instead of being sent. Newest first."
        }
      />

      {open && (
        <Panel
          title={open.subject}
          className="mb-6"
          actions={
            <Link to={link({})} className="text-sm font-semibold underline">
              Close
            </Link>
          }
        >
          <dl className="mb-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">To</dt>
            <dd>
              <EmailList emails={open.to} />
            </dd>
            <dt className="font-semibold">Status</dt>
            <dd>
              <Badge tone={STATUS_TONE[open.status]}>{STATUS_LABEL[open.status]}</Badge>
              {open.attempts > 0 && (
                <span className="ml-2 text-muted">
                  {open.attempts} attempt{open.attempts === 1 ? "" : "s"}
                </span>
              )}
            </dd>
            <dt className="font-semibold">Created</dt>
            <dd>{formatDateTime(open.createdAt)}</dd>
            {open.sentAt && (
              <>
                <dt className="font-semibold">Sent</dt>
                <dd>{formatDateTime(open.sentAt)}</dd>
              </>
            )}
            {open.lastError && (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="break-all text-danger">{open.lastError}</dd>
              </>
            )}
            <dt className="font-semibold">Kind</dt>
            <dd className="font-mono text-xs leading-5">{open.kind}</dd>
          </dl>
          <pre className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-4 font-mono text-sm">
            {open.text}
          </pre>
        </Panel>
      )}

      <FilterBar resetTo="/admin/mail">
        <FilterSelect
          label="Status"
          name="status"
          value={status}
          options={statuses.map((value) => ({ value, label: STATUS_LABEL[value] }))}
        />
      </FilterBar>

      {messages.length === 0 ? (
        <EmptyState icon="mail" title={before ? "No older messages" : "No messages yet"}>
          Lead notifications, staff password e-mails and account-lock notices appear here.
        </EmptyState>
      ) : (
        <DataTable caption="E-mails, newest first" columns={["Time", "Subject", "To", "Status"]}>
          {messages.map((message) => (
            <tr key={message.id} className={open?.id === message.id ? "bg-brass-light/30" : ""}>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatDateTime(message.createdAt)}
              </td>
              <td className={cellClass}>
                <Link
                  to={link({ message: message.id })}
                  className="font-semibold underline-offset-2 hover:underline"
                  aria-current={open?.id === message.id ? "true" : undefined}
                >
                  {message.subject}
                </Link>
                <span className="block font-mono text-xs text-muted">{message.kind}</span>
              </td>
              <td className={cellClass}>
                <EmailList emails={message.to} />
              </td>
              <td className={cellClass}>
                <Badge tone={STATUS_TONE[message.status]}>{STATUS_LABEL[message.status]}</Badge>
                {message.lastError && message.status !== "sent" && (
                  <span
                    className="mt-1 block max-w-xs truncate text-xs text-danger"
                    title={message.lastError}
                  >
                    {message.lastError}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <NextPageLink href={next ? link({ before: next }) : null} />
    </>
  );
}

function EmailList({ emails }: { emails: string[] }) {
  return emails.map((email, index) => (
    <span key={`${index}-${email}`}>
      {index > 0 && ", "}
      <EmailText email={email} />
    </span>
  ));
}
