import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import {
  Badge,
  ConfirmButton,
  formatDateTime,
  inputClass,
  PageHeader,
  Panel,
} from "~/components/admin/ui";
import { Button } from "~/components/ui/button";
import { FieldError, SelectField, TextField } from "~/components/ui/form-field";
import { runtimeContext } from "~/modules/platform/context";
import { flashCookie } from "~/modules/staff/flash.server";
import { authDeps, requestIp, requireStaff } from "~/modules/staff/guard.server";
import { isStaffRole, STAFF_ROLES } from "~/modules/staff/permissions";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetStaffTwoFactor,
  setStaffDisabled,
  type StaffActor,
  type StaffOutcome,
} from "~/modules/staff/staff-admin.server";

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

const toStaff = (message: string) =>
  redirect("/admin/staff", {
    headers: { "Set-Cookie": flashCookie({ message, tone: "success" }) },
  });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const actor: StaffActor = {
    id: staff.id,
    email: staff.email,
    ip: requestIp(request, context) ?? null,
  };

  if (intent === "invite") {
    const values = { name: text("name"), email: text("email"), role: text("role") };
    const outcome = await inviteStaff(authDeps(runtime), actor, values);
    if (!outcome.ok) return data({ intent, errors: outcome.errors, values }, { status: 422 });
    if (!runtime.config.smtpUrl && outcome.link) {
      return { intent: "link" as const, email: outcome.user.email, link: outcome.link };
    }
    return toStaff(`Invitation sent to ${outcome.user.email}.`);
  }

  const userId = text("userId");
  const refused = (outcome: StaffOutcome & { ok: false }) =>
    data({ intent, userId, error: outcome.error }, { status: 409 });
  let outcome: StaffOutcome;
  let done: string;
  switch (intent) {
    case "role": {
      const role = text("role");
      if (!isStaffRole(role))
        return data({ intent, userId, error: "Choose a role." }, { status: 422 });
      outcome = await changeStaffRole(runtime.database, actor, userId, role);
      done = `Role changed to ${role}.`;
      break;
    }
    case "disable":
    case "enable":
      outcome = await setStaffDisabled(runtime.database, actor, userId, intent === "disable");
      done = intent === "disable" ? "Account disabled and signed out." : "Account enabled.";
      break;
    case "reset-two-factor":
      outcome = await resetStaffTwoFactor(runtime.database, actor, userId);
      done = "Authenticator removed; they sign in with their password and can set up a new one.";
      break;
    case "resend": {
      const resent = await resendInvitation(authDeps(runtime), actor, userId);
      if (resent.ok && !runtime.config.smtpUrl && resent.link) {
        const member = (await listStaff(runtime.db)).find((m) => m.id === userId);
        return { intent: "link" as const, email: member?.email ?? "", link: resent.link };
      }
      outcome = resent;
      done = "A new set-password link was sent.";
      break;
    }
    default:
      return data({ intent, userId, error: "Unknown action." }, { status: 400 });
  }
  if (!outcome.ok) return refused(outcome);
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
          <PasswordLinkPanel email={actionData.email} link={actionData.link} />
        )}
        <Panel title={`Members (${members.length})`}>
          <ul className="flex flex-col divide-y divide-stone-200">
            {members.map((member) => (
              <MemberItem
                key={member.id}
                member={member}
                isMe={member.id === me}
                error={
                  actionData && "userId" in actionData && actionData.userId === member.id
                    ? actionData.error
                    : undefined
                }
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

function MemberItem({ member, isMe, error }: { member: Member; isMe: boolean; error?: string }) {
  const id = useId();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("userId") === member.id;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 lg:flex-row lg:items-start lg:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <img
          src={member.avatar}
          alt=""
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-full"
        />
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
        <Form
          method="post"
          className="flex flex-col gap-2 lg:items-end"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <input type="hidden" name="userId" value={member.id} />
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-role`} className="sr-only">
              Role of {member.name}
            </label>
            <select
              id={`${id}-role`}
              name="role"
              defaultValue={member.role}
              className={`${inputClass} min-h-11 w-auto`}
            >
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.value === "admin" ? "Admin" : "Editor"}
                </option>
              ))}
            </select>
            <Button type="submit" name="intent" value="role" variant="secondary" disabled={busy}>
              Change role
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            {member.disabled ? (
              <Button
                type="submit"
                name="intent"
                value="enable"
                variant="secondary"
                disabled={busy}
              >
                Enable
              </Button>
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
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          )}
        </Form>
      )}
    </li>
  );
}

/**
 * Without SMTP_URL nothing is sent and the mail log hides password links, so the admin
 * who asked for the link sees it here, once, to pass on themselves.
 */
function PasswordLinkPanel({ email, link }: { email: string; link: string }) {
  return (
    <Panel title="Pass this link on yourself">
      <div role="status" className="flex flex-col gap-3 text-sm">
        <p>
          E-mail is not set up on this server (no SMTP_URL), so nothing was sent to{" "}
          <strong className="break-all">{email}</strong>. Give them this link to choose their
          password. It works once, expires in 3 days and is not shown again.
        </p>
        <p className="break-all rounded-lg bg-stone-50 p-3 font-mono text-xs">{link}</p>
      </div>
    </Panel>
  );
}

function InviteForm({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const failed = actionData && actionData.intent === "invite" && "errors" in actionData;
  const errors: Record<string, string> = failed ? actionData.errors : {};
  const values = failed ? actionData.values : undefined;
  return (
    <Panel title="Invite a member">
      <p className="-mt-2 mb-4 text-sm text-muted">
        They get an e-mail with a link to choose their password (valid for 3 days).
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <FieldError id="invite-form" message={errors.form} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="invite-name"
            name="name"
            label="Name"
            autoComplete="off"
            required
            defaultValue={values?.name ?? ""}
            error={errors.name}
          />
          <TextField
            id="invite-email"
            name="email"
            type="email"
            label="E-mail"
            autoComplete="off"
            required
            defaultValue={values?.email ?? ""}
            error={errors.email}
          />
          <SelectField
            id="invite-role"
            name="role"
            label="Role"
            placeholder="Choose a role"
            options={ROLE_OPTIONS}
            required
            defaultValue={values?.role ?? "editor"}
            error={errors.role}
          />
        </div>
        <div className="mt-5 flex justify-end">
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? "Sending…" : "Send invitation"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
