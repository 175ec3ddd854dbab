import type { Route } from "./+types/staff";
import { Avatar } from "~/components/admin/avatar";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { inputClass } from "~/components/admin/filter-bar";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page";
import { PasswordLinkPanel } from "~/components/admin/password-link-panel";
import { StaffForm, SubmitButton, useFormBusy, useStaffForm } from "~/components/admin/staff-form";
import { FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { Button } from "~/components/ui/button";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { authDeps, requireStaff } from "~/modules/staff/guard.server";
import { STAFF_ROLES } from "~/modules/staff/permissions";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetStaffTwoFactor,
  setStaffDisabled,
  type StaffOutcome,
} from "~/modules/staff/staff-admin.server";
import { inviteSchema, memberSchema, staffCommandSchema } from "~/modules/staff/staff.schema";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "Staff | Staff area" }];

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({
  value: role,
  label: role === "admin" ? "Admin: everything" : "Editor: content only",
}));

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = context.get(runtimeContext);
  const members = await listStaff(db);
  return { members, me: staff.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const { formId, submission } = await readStaffForm(request, staffCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const toStaff = (message: string) =>
    redirectWithFlash(context, "/admin/staff", { message, tone: "success" });
  // Without SMTP_URL nothing is mailed: the admin who asked sees the link once, here.
  const showLink = (email: string, link: string | undefined) =>
    !runtime.config.smtpUrl && link ? { form: "link" as const, email, link } : undefined;

  if (command.intent === "invite") {
    const outcome = await inviteStaff(authDeps(runtime), actor, command);
    if (!outcome.ok) return formAnswer(formId, submission, { fieldErrors: outcome.errors });
    return (
      showLink(outcome.user.email, outcome.link) ??
      toStaff(`Invitation sent to ${outcome.user.email}.`)
    );
  }

  const { userId } = command;
  let outcome: StaffOutcome;
  let done: string;
  switch (command.intent) {
    case "role":
      outcome = await changeStaffRole(runtime.database, actor, userId, command.role);
      done = `Role changed to ${command.role}.`;
      break;
    case "disable":
    case "enable":
      outcome = await setStaffDisabled(
        runtime.database,
        actor,
        userId,
        command.intent === "disable",
      );
      done = command.intent === "disable" ? "Account disabled and signed out." : "Account enabled.";
      break;
    case "reset-two-factor":
      outcome = await resetStaffTwoFactor(runtime.database, actor, userId);
      done = "Authenticator removed; they sign in with their password and can set up a new one.";
      break;
    case "resend": {
      const resent = await resendInvitation(authDeps(runtime), actor, userId);
      const shown = resent.ok ? showLink(resent.email, resent.link) : undefined;
      if (shown) return shown;
      outcome = resent;
      done = "A new set-password link was sent.";
      break;
    }
  }
  if (!outcome.ok) return formAnswer(formId, submission, { formError: outcome.error, status: 409 });
  return toStaff(outcome.changed ? done : "Nothing had changed.");
}

type ActionData = Route.ComponentProps["actionData"];
type Member = Route.ComponentProps["loaderData"]["members"][number];

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me } = loaderData;
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use the staff area. Admins can do everything; editors manage content only."
      />
      <div className="flex flex-col gap-6">
        {actionData && "link" in actionData && (
          <PasswordLinkPanel email={actionData.email} link={actionData.link} expiresIn="3 days" />
        )}
        <Panel title={`Members (${members.length})`}>
          <ul className="flex flex-col divide-y divide-stone-200">
            {members.map((member) => (
              <MemberItem
                key={member.id}
                member={member}
                isMe={member.id === me}
                actionData={actionData}
              />
            ))}
          </ul>
        </Panel>
        {/* Keyed by the member count, so a sent invitation clears the form. */}
        <InviteForm key={members.length} actionData={actionData} />
      </div>
    </>
  );
}

function MemberItem({
  member,
  isMe,
  actionData,
}: {
  member: Member;
  isMe: boolean;
  actionData: ActionData;
}) {
  const formId = `member-${member.id}`;
  const [form, fields] = useStaffForm(memberSchema, {
    id: formId,
    actionData,
    defaultValue: { userId: member.id, role: member.role },
  });
  const busy = useFormBusy(formId);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar src={member.avatar} size={40} keepSize />
        <div className="min-w-0">
          <p className="font-semibold">
            {member.name}
            {isMe && <span className="font-normal text-muted"> (you)</span>}
          </p>
          <p className="break-all text-sm text-muted">{member.email}</p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge tone={member.role === "admin" ? "info" : "neutral"}>
              {member.role === "admin" ? "Admin" : "Editor"}
            </Badge>
            <Badge tone={member.twoFactorEnabled ? "success" : "warning"}>
              Authenticator: {member.twoFactorEnabled ? "yes" : "no"}
            </Badge>
            {member.disabled && <Badge tone="danger">Disabled</Badge>}
          </div>
          <p className="mt-2 text-xs text-muted">
            Last sign-in: {member.lastLogin ? formatDateTime(member.lastLogin) : "never"} · Added{" "}
            {formatDateTime(member.createdAt)}
          </p>
        </div>
      </div>

      {isMe ? (
        <p className="text-sm text-muted lg:max-w-xs lg:text-right">
          Your own password and authenticator are under My account.
        </p>
      ) : (
        <StaffForm form={form} className="flex flex-col gap-2 lg:items-end">
          <input type="hidden" name={fields.userId.name} value={member.id} />
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={fields.role.id} className="sr-only">
              Role of {member.name}
            </label>
            <select
              key={fields.role.key}
              id={fields.role.id}
              name={fields.role.name}
              defaultValue={member.role}
              className={`${inputClass} min-h-11 w-auto`}
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role === "admin" ? "Admin" : "Editor"}
                </option>
              ))}
            </select>
            <SubmitButton formId={formId} intent="role" variant="secondary">
              Change role
            </SubmitButton>
          </div>
          <div className="flex flex-wrap gap-2">
            {member.disabled ? (
              <SubmitButton formId={formId} intent="enable" variant="secondary">
                Enable
              </SubmitButton>
            ) : (
              <ConfirmButton
                name="intent"
                value="disable"
                question={`Disable ${member.name}? They are signed out at once and cannot sign in until enabled again.`}
                confirmLabel="Disable account"
              >
                Disable
              </ConfirmButton>
            )}
            {member.twoFactorEnabled && (
              <ConfirmButton
                name="intent"
                value="reset-two-factor"
                question={`Remove ${member.name}'s authenticator? They are signed out and sign in with their password alone until they set up a new one.`}
                confirmLabel="Reset authenticator"
              >
                Reset authenticator
              </ConfirmButton>
            )}
            {!member.lastLogin && (
              <Button type="submit" name="intent" value="resend" variant="ghost" disabled={busy}>
                Send a new password link
              </Button>
            )}
          </div>
        </StaffForm>
      )}
    </li>
  );
}

function InviteForm({ actionData }: { actionData: ActionData }) {
  const [form, fields] = useStaffForm(inviteSchema, {
    id: "invite",
    actionData,
    defaultValue: { role: "editor" },
  });
  return (
    <Panel title="Invite a member">
      <p className="-mt-2 mb-4 text-sm text-muted">
        They get an e-mail with a link to choose their password (valid for 3 days).
      </p>
      <StaffForm form={form} intent="invite">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormTextField field={fields.name} label="Name" autoComplete="off" />
          <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="off" />
          <FormSelect
            field={fields.role}
            label="Role"
            placeholder="Choose a role"
            options={ROLE_OPTIONS}
          />
        </div>
        <div className="mt-5 flex justify-end">
          <SubmitButton formId="invite" pendingLabel="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}
