import { data, Link } from "react-router";
import type { Route } from "./+types/affiliate";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { EmailAddress } from "~/components/admin/email-address";
import {
  CommissionRulePanel,
  CommissionsPanel,
} from "~/components/admin/affiliate-commission-panels";
import { formatCents, formatDateTime, formatShare } from "~/components/admin/format";
import { Fields } from "~/components/admin/lead-panels";
import { LeadLink } from "~/components/admin/lead-link";
import { ActionLink, PageHeader, Panel, StatCard } from "~/components/admin/page";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { PasswordLinkPanel } from "~/components/admin/password-link-panel";
import { StaffForm, SubmitButton, useFormBusy, useStaffForm } from "~/components/admin/staff-form";
import { FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import { Button } from "~/components/ui/button";
import {
  affiliateDetail,
  changeAffiliateCode,
  changeAffiliateStatus,
  resetAffiliateTwoFactor,
  sendAffiliatePasswordLink,
  type AffiliateAdminOutcome,
} from "~/modules/affiliates/affiliate-admin.server";
import {
  accountSchema,
  AFFILIATE_MOVE_LABELS,
  AFFILIATE_STATUS_LABELS,
  affiliateStatusTone,
  codeSchema,
  affiliateCommandSchema,
  MAX_REASON_LENGTH,
  MOVES_NEEDING_A_REASON,
  statusSchema,
} from "~/modules/affiliates/affiliate-admin.schema";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import {
  addCommissionAdjustment,
  affiliateCommissions,
  setAffiliateCommissionRule,
  voidCommissionByAdmin,
  type CommissionAdminOutcome,
} from "~/modules/affiliates/commission-admin.server";
import { ruleFromForm } from "~/modules/affiliates/commission-rule.schema";
import { movesFrom, type AffiliateStatusMove } from "~/modules/affiliates/affiliate-rules";
import { leadStatusLabel, leadStatusTone } from "~/modules/leads/lead-status-labels";
import { formatPhone } from "~/modules/leads/phone";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireStaff } from "~/modules/staff/guard.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.affiliate.name} | Affiliates | Staff area`
      : "Affiliate | Staff area",
  },
];

const notFound = () => data({ reason: "not_found" as const }, { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = context.get(runtimeContext);
  const [detail, commissions] = await Promise.all([
    affiliateDetail(db, params.affiliateId),
    affiliateCommissions(db, params.affiliateId),
  ]);
  if (!detail || !commissions) throw notFound();
  return { ...detail, commissions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, affiliateCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const { affiliateId } = params;
  const deps = affiliateAuthDeps(runtime);
  const back = (message: string) =>
    redirectWithFlash(context, `/admin/affiliates/${affiliateId}`, { message, tone: "success" });

  let outcome: AffiliateAdminOutcome | CommissionAdminOutcome;
  let done: string;
  switch (command.intent) {
    case "approve":
    case "reject":
    case "disable":
    case "enable":
      outcome = await changeAffiliateStatus(deps, actor, {
        affiliateId,
        move: command.intent,
        reason: command.reason,
      });
      done = `Affiliate ${AFFILIATE_MOVE_LABELS[command.intent].done}.`;
      break;
    case "code":
      outcome = await changeAffiliateCode(deps, actor, { affiliateId, code: command.code });
      done = `Code changed to ${command.code}. Links with their earlier codes still credit them.`;
      break;
    case "reset-two-factor":
      outcome = await resetAffiliateTwoFactor(deps, actor, affiliateId);
      done = "Authenticator removed; they sign in with their password and can set up a new one.";
      break;
    case "resend": {
      // An invitation while they have no password, a password reset once they have one.
      const sent = await sendAffiliatePasswordLink(deps, actor, affiliateId);
      // Without SMTP_URL nothing is mailed: the admin who asked sees the link once, here.
      if (sent.ok && "link" in sent && sent.link && !runtime.config.smtpUrl) {
        return { form: "link" as const, email: sent.email, link: sent.link };
      }
      outcome = sent;
      done =
        "purpose" in sent && sent.purpose === "reset"
          ? "A new password link was sent."
          : "A new invitation link was sent.";
      break;
    }
    case "commission-rule":
    case "commission-rule-clear": {
      const rule = command.intent === "commission-rule" ? ruleFromForm(command) : null;
      outcome = await setAffiliateCommissionRule(runtime.database, actor, affiliateId, rule);
      done = rule
        ? "Their own commission rule is saved; jobs won from now on earn under it."
        : "They earn under the default rule again, for jobs won from now on.";
      break;
    }
    case "commission-void":
      outcome = await voidCommissionByAdmin(runtime.database, actor, {
        affiliateId,
        commissionId: command.commissionId,
        note: command.note,
      });
      done = "Commission voided.";
      break;
    case "commission-adjust":
      outcome = await addCommissionAdjustment(runtime.database, actor, {
        affiliateId,
        amountCents: command.amount,
        note: command.note,
      });
      done = `Adjustment of ${formatCents(command.amount)} added.`;
      break;
  }
  if (!outcome.ok) {
    return formAnswer(formId, submission, { ...refusalOf(outcome.errors), status: 409 });
  }
  return back(outcome.changed ? done : "Nothing had changed.");
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function AffiliateScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { affiliate, earlierCodes, figures, leads, clicks, events, commissions } = loaderData;
  return (
    <>
      <PageHeader
        title={affiliate.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={affiliateStatusTone(affiliate.status)}>
              {AFFILIATE_STATUS_LABELS[affiliate.status]}
            </Badge>
            <span>Joined {formatDateTime(affiliate.createdAt)}</span>
          </span>
        }
        actions={
          <>
            <ActionLink to="/admin/affiliates" icon="chevron-left">
              All affiliates
            </ActionLink>
            {/* Their statement: every commission, adjustment and payout with the balance. */}
            <a
              href={`/admin/affiliates/statements.csv?affiliate=${affiliate.id}`}
              className={buttonClasses("secondary")}
              download
            >
              <Icon name="download" className="size-4" />
              Statement CSV
            </a>
          </>
        }
      />

      {actionData && "link" in actionData && (
        <div className="mb-4">
          <PasswordLinkPanel email={actionData.email} link={actionData.link} expiresIn="24 hours" />
        </div>
      )}

      <section aria-label="Figures" className="mb-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Clicks" value={figures.clicks} hint="Visits through their links" />
        <StatCard
          label="Leads"
          value={figures.leads}
          hint={
            figures.selfReferrals > 0
              ? `${figures.selfReferrals} of them their own (self-referral)`
              : undefined
          }
        />
        <StatCard label="Won" value={figures.won} />
        <StatCard label="Conversion" value={formatShare(figures.conversion)} hint="Won of leads" />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Panel title="Profile">
            <Fields
              rows={[
                [
                  "E-mail",
                  <a key="email" href={`mailto:${affiliate.email}`} className="underline">
                    <EmailAddress email={affiliate.email} />
                  </a>,
                ],
                [
                  "Phone",
                  affiliate.phone ? (
                    <a key="phone" href={`tel:${affiliate.phone}`} className="underline">
                      {formatPhone(affiliate.phone)}
                    </a>
                  ) : null,
                ],
                ["Company", affiliate.company],
                ["How they know customers", affiliate.howTheyKnow],
                ["Payout details", affiliate.payoutDetails],
                ["Joined", formatDateTime(affiliate.createdAt)],
                ["Last changed", formatDateTime(affiliate.updatedAt)],
              ]}
            />
          </Panel>
          <SignInPanel affiliate={affiliate} actionData={actionData} />
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <Panel title="Status">
            <Fields
              compact
              rows={[
                ["Now", AFFILIATE_STATUS_LABELS[affiliate.status]],
                ["Reason", affiliate.statusReason],
                ["Approved", affiliate.approvedAt ? formatDateTime(affiliate.approvedAt) : null],
              ]}
            />
            <StatusForm
              key={`status-${affiliate.status}`}
              affiliate={affiliate}
              actionData={actionData}
            />
          </Panel>

          <Panel title="Referral code">
            <Fields
              compact
              rows={[
                ["Now", <code key="code">{affiliate.code}</code>],
                [
                  "Earlier",
                  earlierCodes.length > 0 ? (
                    <ul key="earlier" className="flex flex-col gap-1">
                      {earlierCodes.map((entry) => (
                        <li key={entry.code}>
                          <code>{entry.code}</code>{" "}
                          <span className="text-xs text-muted">
                            (since {formatDateTime(entry.createdAt)})
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null,
                ],
              ]}
            />
            {earlierCodes.length > 0 && (
              <p className="mt-2 text-xs text-muted">
                Links with earlier codes still credit this affiliate.
              </p>
            )}
            <CodeForm key={`code-${affiliate.code}`} actionData={actionData} />
          </Panel>

          <CommissionRulePanel
            key={JSON.stringify(commissions.ownRule)}
            ownRule={commissions.ownRule}
            defaultRule={commissions.defaultRule}
            actionData={actionData}
          />
        </div>
      </div>

      {/* Full width: their tables need the room. */}
      <div className="mt-4 flex flex-col gap-4">
        <CommissionsPanel lines={commissions.lines} actionData={actionData} />

        <LeadsPanel leads={leads} total={figures.leads} affiliateId={affiliate.id} />

        <Panel title="Recent clicks">
          {clicks.length === 0 ? (
            <p className="text-sm text-muted">Nobody has followed their links yet.</p>
          ) : (
            <DataTable
              caption={`Their latest clicks, newest first (${clicks.length} of ${figures.clicks})`}
              columns={["When", "Landing page", "Code"]}
            >
              {clicks.map((click) => (
                <tr key={click.id}>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {formatDateTime(click.createdAt)}
                  </td>
                  <td className={`${cellClass} break-all font-mono text-xs`}>
                    {click.landingPath}
                  </td>
                  <td className={`${cellClass} break-all font-mono text-xs`}>{click.code}</td>
                </tr>
              ))}
            </DataTable>
          )}
          {figures.clicks > clicks.length && (
            <p className="mt-2 text-xs text-muted">The latest {clicks.length} are shown.</p>
          )}
        </Panel>

        <Panel title="Event log">
          {events.length === 0 ? (
            <p className="text-sm text-muted">Nothing recorded yet.</p>
          ) : (
            <DataTable
              caption="Their latest events, newest first"
              columns={["When", "Event", "Details"]}
            >
              {events.map((event) => (
                <tr key={event.id}>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {formatDateTime(event.createdAt)}
                  </td>
                  <td className={cellClass}>
                    <span className="font-semibold">{eventLabel(event.eventType)}</span>
                    <span className="block font-mono text-xs text-muted">{event.eventType}</span>
                  </td>
                  <td className={`${cellClass} text-xs`}>
                    <EventDetails details={event.details} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
      </div>
    </>
  );
}

type Affiliate = LoaderData["affiliate"];

/** Reject and disable ask first: both sign the affiliate out and stop their code crediting. */
const MOVE_QUESTIONS: Partial<Record<AffiliateStatusMove, (name: string) => string>> = {
  reject: (name) =>
    `Reject ${name}'s application? They are e-mailed the reason and cannot sign in to the portal.`,
  disable: (name) =>
    `Disable ${name}? They are signed out at once, cannot sign in, and their links credit nobody until re-enabled.`,
};

function StatusForm({ affiliate, actionData }: { affiliate: Affiliate; actionData: ActionData }) {
  const moves = movesFrom(affiliate.status);
  const [form, fields] = useStaffForm(statusSchema, { id: "status", actionData });
  if (moves.length === 0) return null;
  const needsReason = moves.some((move) =>
    (MOVES_NEEDING_A_REASON as readonly string[]).includes(move),
  );
  return (
    <StaffForm form={form} className="mt-4 flex flex-col gap-4 border-t border-stone-200 pt-4">
      <FormTextArea
        field={fields.reason}
        label={needsReason ? "Reason" : "Reason (optional)"}
        hint={
          needsReason
            ? "Needed to reject or disable. A rejected applicant is e-mailed it."
            : "Kept on their record."
        }
        rows={2}
        maxLength={MAX_REASON_LENGTH}
      />
      <div className="flex flex-wrap gap-2">
        {moves.map((move) => {
          const question = MOVE_QUESTIONS[move];
          const label = AFFILIATE_MOVE_LABELS[move].button;
          return question ? (
            <ConfirmButton
              key={move}
              intent={move}
              question={question(affiliate.name)}
              confirmLabel={label}
            >
              {label}
            </ConfirmButton>
          ) : (
            <SubmitButton
              key={move}
              formId="status"
              intent={move}
              pendingLabel="Saving…"
              variant={move === "approve" ? "primary" : "secondary"}
            >
              {label}
            </SubmitButton>
          );
        })}
      </div>
    </StaffForm>
  );
}

function CodeForm({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useStaffForm(codeSchema, { id: "code", actionData });
  return (
    <StaffForm
      form={form}
      intent="code"
      className="mt-4 flex flex-col gap-3 border-t border-stone-200 pt-4"
    >
      <FormTextField
        field={fields.code}
        label="New code"
        hint="1 to 50 letters, digits, hyphens or underscores. A code another affiliate has or had cannot be used."
        autoComplete="off"
        maxLength={50}
      />
      <SubmitButton formId="code" variant="secondary" pendingLabel="Saving…">
        Change code
      </SubmitButton>
    </StaffForm>
  );
}

function SignInPanel({ affiliate, actionData }: { affiliate: Affiliate; actionData: ActionData }) {
  const [form] = useStaffForm(accountSchema, { id: "account", actionData });
  const busy = useFormBusy("account");
  // An approved affiliate can be sent a link: an invitation again until they have chosen a
  // password, a password reset after (as for staff). Anyone else could not sign in with it.
  const canSendLink = affiliate.status === "approved";
  return (
    <Panel title="Sign-in">
      <Fields
        compact
        rows={[
          ["Password", affiliate.hasPassword ? "Chosen" : "Not chosen yet"],
          ["Authenticator", affiliate.twoFactorEnabled ? "Yes" : "No"],
          ["Last sign-in", affiliate.lastLoginAt ? formatDateTime(affiliate.lastLoginAt) : "Never"],
        ]}
      />
      {(affiliate.twoFactorEnabled || canSendLink) && (
        <StaffForm form={form} className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          {affiliate.twoFactorEnabled && (
            <ConfirmButton
              intent="reset-two-factor"
              question={`Remove ${affiliate.name}'s authenticator? They are signed out and sign in with their password alone until they set up a new one.`}
              confirmLabel="Reset authenticator"
            >
              Reset authenticator
            </ConfirmButton>
          )}
          {canSendLink && (
            <Button type="submit" name="intent" value="resend" variant="ghost" disabled={busy}>
              {affiliate.hasPassword ? "Send a new password link" : "Send a new invitation link"}
            </Button>
          )}
        </StaffForm>
      )}
    </Panel>
  );
}

function LeadsPanel({
  leads,
  total,
  affiliateId,
}: {
  leads: LoaderData["leads"];
  total: number;
  affiliateId: string;
}) {
  return (
    <Panel
      title={`Leads (${total})`}
      actions={
        total > 0 && (
          <Link to={`/admin/leads?affiliate=${affiliateId}`} className="text-sm underline">
            Open in the inbox
          </Link>
        )
      }
    >
      {leads.length === 0 ? (
        <p className="text-sm text-muted">No leads have come through their links yet.</p>
      ) : (
        <DataTable
          caption="Their leads, newest first"
          columns={["Name", "Received", "Status", "Code used", "Self-referral"]}
        >
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className={cellClass}>
                <LeadLink leadId={lead.id}>
                  {lead.firstName} {lead.lastName}
                </LeadLink>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(lead.createdAt)}</td>
              <td className={cellClass}>
                <Badge tone={leadStatusTone(lead.status)}>{leadStatusLabel(lead.status)}</Badge>
              </td>
              <td className={`${cellClass} break-all font-mono text-xs`}>
                {lead.affiliateCode ?? "-"}
              </td>
              <td className={cellClass}>
                {lead.selfReferral ? <Badge tone="warning">Their own</Badge> : "No"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {total > leads.length && (
        <p className="mt-2 text-xs text-muted">
          The latest {leads.length} are shown; the inbox has them all.
        </p>
      )}
    </Panel>
  );
}

/** The affiliate event log's types in words; an unknown type shows as it is stored. */
const EVENT_LABELS: Record<string, string> = {
  login_success: "Signed in",
  login_failed: "Sign-in failed",
  logout: "Signed out",
  two_factor_success: "Authenticator code accepted",
  two_factor_failed: "Authenticator code refused",
  password_reset_requested: "Password link asked for",
  password_reset: "Password set from a link",
  password_changed: "Password changed",
  two_factor_enabled: "Authenticator set up",
  two_factor_removed: "Authenticator removed",
  applied: "Applied",
  invited: "Invited",
  status_changed: "Status changed",
  code_changed: "Code changed",
  two_factor_reset: "Authenticator reset by an admin",
  profile_updated: "Profile updated",
};

const eventLabel = (type: string) => EVENT_LABELS[type] ?? type;

/** Details read in this order first (the database keeps its own order of keys). */
const DETAIL_ORDER = ["from", "to", "reason", "email", "method", "error_code"];
const detailRank = (key: string) =>
  DETAIL_ORDER.includes(key) ? DETAIL_ORDER.indexOf(key) : DETAIL_ORDER.length;

function EventDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .sort(([a], [b]) => detailRank(a) - detailRank(b) || a.localeCompare(b));
  if (entries.length === 0) return <span className="text-muted">-</span>;
  return (
    <dl className="max-w-md leading-5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex gap-1.5">
          <dt className="shrink-0 font-semibold">{key}:</dt>
          <dd className="min-w-0 break-words">
            {typeof value === "string" ? value : JSON.stringify(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
