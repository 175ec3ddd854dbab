import type { Route } from "./+types/account";
import { Avatar } from "~/components/admin/avatar";
import { AuthenticatorPanel } from "~/components/admin/authenticator-setup";
import { EmailText } from "~/components/admin/email-text";
import { PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import {
  FormCodeField,
  FormPasswordField,
  NewPasswordFields,
} from "~/components/admin/staff-form-fields";
import { runtimeContext } from "~/modules/platform/context";
import { getCompanySettings } from "~/modules/settings/settings.server";
import {
  accountCommandSchema,
  accountQuerySchema,
  PASSWORD_MIN,
} from "~/modules/staff/account.schema";
import { changeOwnPassword } from "~/modules/staff/account.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { authDeps, requestIp, requireStaff } from "~/modules/staff/guard.server";
import { authHeaders } from "~/modules/staff/sign-in-attempt.server";
import {
  cancelTotpSetup,
  confirmTotpSetup,
  disableTotp,
  pendingTotpSetup,
  startTotpSetup,
} from "~/modules/staff/two-factor.server";
import { staffAction } from "./staff-action.server";

export const meta: Route.MetaFunction = () => [{ title: "My account | Staff area" }];

const readQuery = (request: Request) =>
  accountQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const company = await getCompanySettings(runtime.db);
  const pending = staff.twoFactorEnabled ? null : await pendingTotpSetup(authDeps(runtime), staff);
  return {
    me: { name: staff.name, email: staff.email, role: staff.role, avatar: staff.avatar },
    twoFactorEnabled: staff.twoFactorEnabled,
    pending,
    required: company.requireStaffTwoFactor,
    setupAsked: readQuery(request).setup,
  };
}

/** Passwords and codes are never sent back to the page. */
const hideFields = ["currentPassword", "password", "confirmPassword", "code"];

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, actor } = staffAction(context);
  const deps = authDeps(runtime);
  const { formId, submission } = await readStaffForm(request, accountCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission, { hideFields });
  const command = submission.value;
  // Our trusted address for Better Auth, never a header the client sent.
  const headers = authHeaders(
    { ip: requestIp(request, context), userAgent: request.headers.get("user-agent") ?? undefined },
    request.headers.get("cookie") ?? undefined,
  );
  const here = `/admin/account${new URL(request.url).search}`;
  const done = (message: string, cookies: string[] = [], to = here) =>
    redirectWithFlash(
      context,
      to,
      { message, tone: "success" },
      cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
    );
  const refused = (errors: Record<string, string>) =>
    formAnswer(formId, submission, { ...refusalOf(errors), hideFields });

  switch (command.intent) {
    case "password": {
      const outcome = await changeOwnPassword(deps, actor, headers, command);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Password changed. Your other sessions were signed out.", outcome.setCookies);
    }
    case "two-factor-start": {
      const outcome = await startTotpSetup(deps, actor, headers, command.password);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Scan the code with your authenticator app, then enter the code it shows.");
    }
    case "two-factor-confirm": {
      const outcome = await confirmTotpSetup(deps, actor, headers, command.code);
      if (!outcome.ok) return refused(outcome.errors);
      const company = await getCompanySettings(runtime.db);
      // Sent here by the company's rule: the rest of the staff area is open now.
      const next =
        company.requireStaffTwoFactor && readQuery(request).setup
          ? "/admin/dashboard"
          : "/admin/account";
      return done("Authenticator set up: sign-in now asks for its code.", outcome.setCookies, next);
    }
    case "two-factor-cancel":
      await cancelTotpSetup(runtime.db, actor.id);
      return done("Setup cancelled.");
    case "two-factor-disable": {
      const outcome = await disableTotp(deps, actor, headers, command.password);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Authenticator turned off.", outcome.setCookies);
    }
  }
}

type ActionData = Route.ComponentProps["actionData"];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { me, twoFactorEnabled, pending, required, setupAsked } = loaderData;
  return (
    <>
      <PageHeader
        title="My account"
        description="Your password and authenticator for the staff area."
      />
      {required && !twoFactorEnabled && (
        <div
          role={setupAsked ? "alert" : "status"}
          className="mb-6 rounded-xl border border-brass/40 bg-brass-light/40 p-4 text-sm"
        >
          <p className="font-semibold">The company requires an authenticator for all staff.</p>
          <p className="mt-1">
            Set one up below to continue to the rest of the staff area. It takes a minute with an
            authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator
            or 1Password).
          </p>
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Signed in as" className="xl:col-span-2">
          <div className="flex items-center gap-3">
            <Avatar src={me.avatar} size={48} />
            <div className="min-w-0">
              <p className="font-semibold">{me.name}</p>
              <p className="text-sm text-muted">
                <EmailText email={me.email} /> · {me.role === "admin" ? "Admin" : "Editor"}
              </p>
            </div>
          </div>
        </Panel>
        <PasswordPanel email={me.email} actionData={actionData} />
        <Authenticator enabled={twoFactorEnabled} pending={pending} actionData={actionData} />
      </div>
    </>
  );
}

function PasswordPanel({ email, actionData }: { email: string; actionData: ActionData }) {
  const [form, fields] = useStaffForm(accountCommandSchema, { id: "password", actionData });
  return (
    <Panel title="Change password">
      <StaffForm form={form} intent="password" className="flex flex-col gap-4">
        {/* Lets password managers tie the new password to this account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <FormPasswordField
          field={fields.currentPassword}
          purpose="current"
          label="Current password"
        />
        <NewPasswordFields fields={fields} hint={`At least ${PASSWORD_MIN} characters.`} />
        <p className="text-sm text-muted">Your other sessions are signed out; this one stays.</p>
        <EndSubmit formId="password" pendingLabel="Changing…">
          Change password
        </EndSubmit>
      </StaffForm>
    </Panel>
  );
}

function Authenticator({
  enabled,
  pending,
  actionData,
}: {
  enabled: boolean;
  pending: { uri: string; secret: string; qrSvg: string } | null;
  actionData: ActionData;
}) {
  return (
    <AuthenticatorPanel
      enabled={enabled}
      pending={pending}
      turnOff={
        <PasswordStep
          intent="two-factor-disable"
          label="Password, to turn it off"
          submit="Turn off the authenticator"
          pendingLabel="Turning off…"
          variant="secondary"
          actionData={actionData}
        />
      }
      confirm={<ConfirmCodeForm actionData={actionData} />}
      cancel={<CancelSetupForm actionData={actionData} />}
      turnOn={
        <PasswordStep
          intent="two-factor-start"
          label="Your password"
          submit="Set up an authenticator"
          pendingLabel="Starting…"
          variant="primary"
          actionData={actionData}
        />
      }
    />
  );
}

/** Starting a setup, or turning the authenticator off: both ask for the password. */
function PasswordStep({
  intent,
  label,
  submit,
  pendingLabel,
  variant,
  actionData,
}: {
  intent: "two-factor-start" | "two-factor-disable";
  label: string;
  submit: string;
  pendingLabel: string;
  variant: "primary" | "secondary";
  actionData: ActionData;
}) {
  const [form, fields] = useStaffForm(accountCommandSchema, { id: intent, actionData });
  return (
    <StaffForm form={form} intent={intent} className="flex flex-col gap-4">
      <FormPasswordField field={fields.password} purpose="current" label={label} />
      <EndSubmit formId={intent} variant={variant} pendingLabel={pendingLabel}>
        {submit}
      </EndSubmit>
    </StaffForm>
  );
}

function ConfirmCodeForm({ actionData }: { actionData: ActionData }) {
  const intent = "two-factor-confirm";
  const [form, fields] = useStaffForm(accountCommandSchema, { id: intent, actionData });
  return (
    <StaffForm form={form} intent={intent} className="flex flex-col gap-4">
      <FormCodeField field={fields.code} label="The six-digit code the app shows" />
      <EndSubmit formId={intent} pendingLabel="Checking…">
        Turn on
      </EndSubmit>
    </StaffForm>
  );
}

function CancelSetupForm({ actionData }: { actionData: ActionData }) {
  const [form] = useStaffForm(accountCommandSchema, { id: "two-factor-cancel", actionData });
  return (
    <StaffForm
      form={form}
      intent="two-factor-cancel"
      className="mt-4 border-t border-stone-200 pt-4"
    >
      <SubmitButton formId="two-factor-cancel" variant="ghost">
        Cancel setup
      </SubmitButton>
    </StaffForm>
  );
}

/** The account forms end with their submit button on the right. */
function EndSubmit(props: React.ComponentProps<typeof SubmitButton>) {
  return (
    <div className="flex justify-end">
      <SubmitButton {...props} />
    </div>
  );
}
