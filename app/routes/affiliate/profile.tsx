import { Form } from "react-router";
import type { Route } from "./+types/profile";
import { AuthenticatorPanel } from "~/components/admin/authenticator-setup";
import { PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import {
  FormCodeField,
  FormPasswordField,
  FormTextArea,
  FormTextField,
  NewPasswordFields,
} from "~/components/admin/staff-form-fields";
import { portalMeta } from "~/components/affiliate/portal-blocks";
import { Button } from "~/components/ui/button";
import { formatPhone } from "~/modules/leads/phone";
import { PASSWORD_MIN, profileCommandSchema } from "~/modules/affiliates/affiliate-account.schema";
import {
  cancelAffiliateTotp,
  changeAffiliatePassword,
  confirmAffiliateTotp,
  pendingAffiliateTotp,
  removeAffiliateTotp,
  startAffiliateTotp,
  updateAffiliateProfile,
} from "~/modules/affiliates/affiliate-accounts.server";
import { affiliateAuthDeps, requireAffiliate } from "~/modules/affiliates/affiliate-guard.server";
import { runtimeContext } from "~/modules/platform/context";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requestIp } from "~/modules/staff/guard.server";
import { authHeaders } from "~/modules/staff/sign-in-attempt.server";

export const meta: Route.MetaFunction = () => portalMeta("Profile");

export async function loader({ context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const deps = affiliateAuthDeps(context.get(runtimeContext));
  return {
    me: {
      name: affiliate.name,
      email: affiliate.email,
      code: affiliate.code,
      phone: affiliate.phone ? formatPhone(affiliate.phone) : "",
      company: affiliate.company ?? "",
      payoutDetails: affiliate.payoutDetails ?? "",
    },
    twoFactorEnabled: affiliate.twoFactorEnabled,
    pending: affiliate.twoFactorEnabled ? null : await pendingAffiliateTotp(deps, affiliate),
  };
}

/** Passwords and codes are never sent back to the page. */
const hideFields = ["currentPassword", "password", "confirmPassword", "code"];

/**
 * The partner's own account (docs/REQUIREMENTS.md R4.10, R6.4): details and payout details,
 * password, authenticator. Each form is one intent; the guard has checked the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const affiliate = requireAffiliate(context);
  const deps = affiliateAuthDeps(context.get(runtimeContext));
  const { formId, submission } = await readStaffForm(request, profileCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission, { hideFields });
  const command = submission.value;
  const headers = authHeaders(
    { ip: requestIp(request, context), userAgent: request.headers.get("user-agent") ?? undefined },
    request.headers.get("cookie") ?? undefined,
  );
  const done = (message: string, cookies: string[] = []) =>
    redirectWithFlash(
      context,
      "/affiliate/profile",
      { message, tone: "success" },
      cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
    );
  const refused = (errors: Record<string, string>) =>
    formAnswer(formId, submission, { ...refusalOf(errors), hideFields });

  switch (command.intent) {
    case "profile":
      await updateAffiliateProfile(deps, affiliate.id, command);
      return done("Your details are saved.");
    case "password": {
      const outcome = await changeAffiliatePassword(deps, affiliate, headers, command);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Password changed. Your other devices were signed out.", outcome.setCookies);
    }
    case "two-factor-start": {
      const outcome = await startAffiliateTotp(deps, affiliate.id, headers, command.password);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Scan the code with your authenticator app, then enter the code it shows.");
    }
    case "two-factor-confirm": {
      const outcome = await confirmAffiliateTotp(deps, affiliate.id, headers, command.code);
      if (!outcome.ok) return refused(outcome.errors);
      return done(
        "Authenticator set up: signing in now asks for its code. Your other devices were signed out.",
        outcome.setCookies,
      );
    }
    case "two-factor-cancel":
      await cancelAffiliateTotp(deps, affiliate.id);
      return done("Setup cancelled.");
    case "two-factor-remove": {
      const outcome = await removeAffiliateTotp(deps, affiliate.id, headers, command.code);
      if (!outcome.ok) return refused(outcome.errors);
      return done("Authenticator removed.");
    }
  }
}

type ActionData = Route.ComponentProps["actionData"];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { me, twoFactorEnabled, pending } = loaderData;
  return (
    <>
      <PageHeader
        title="Profile"
        description={`Signed in as ${me.email} · referral code ${me.code}`}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailsPanel me={me} actionData={actionData} />
        <PasswordPanel email={me.email} actionData={actionData} />
        <Authenticator enabled={twoFactorEnabled} pending={pending} actionData={actionData} />
        <SignOutPanel />
      </div>
    </>
  );
}

function DetailsPanel({
  me,
  actionData,
}: {
  me: { name: string; phone: string; company: string; payoutDetails: string };
  actionData: ActionData;
}) {
  const [form, fields] = useStaffForm(profileCommandSchema, {
    id: "profile",
    actionData,
    defaultValue: { ...me, intent: "profile" },
  });
  return (
    <Panel title="Your details" className="lg:col-span-2">
      <StaffForm form={form} intent="profile" className="grid gap-5 sm:grid-cols-2">
        <FormTextField field={fields.name} label="Name" autoComplete="name" />
        <FormTextField field={fields.phone} type="tel" label="Phone" autoComplete="tel" />
        <FormTextField
          field={fields.company}
          label="Company (optional)"
          autoComplete="organization"
        />
        <FormTextArea
          field={fields.payoutDetails}
          label="Payout details"
          hint="How you want to be paid: the payee for a check, or your bank details for a transfer."
          rows={3}
          className="sm:col-span-2"
        />
        <div className="flex justify-end sm:col-span-2">
          <SubmitButton formId="profile" pendingLabel="Saving…">
            Save details
          </SubmitButton>
        </div>
      </StaffForm>
    </Panel>
  );
}

function PasswordPanel({ email, actionData }: { email: string; actionData: ActionData }) {
  const [form, fields] = useStaffForm(profileCommandSchema, { id: "password", actionData });
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
        <p className="text-sm text-muted">Your other devices are signed out; this one stays.</p>
        <div className="flex justify-end">
          <SubmitButton formId="password" pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
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
        <CodeForm
          intent="two-factor-remove"
          label="A current code, to remove it"
          submit="Remove the authenticator"
          pendingLabel="Removing…"
          actionData={actionData}
        />
      }
      confirm={
        <CodeForm
          intent="two-factor-confirm"
          label="The six-digit code the app shows"
          submit="Turn on"
          pendingLabel="Checking…"
          actionData={actionData}
        />
      }
      cancel={<CancelSetup actionData={actionData} />}
      turnOn={<StartSetup actionData={actionData} />}
    />
  );
}

function StartSetup({ actionData }: { actionData: ActionData }) {
  const intent = "two-factor-start";
  const [form, fields] = useStaffForm(profileCommandSchema, { id: intent, actionData });
  return (
    <StaffForm form={form} intent={intent} className="flex flex-col gap-4">
      <FormPasswordField field={fields.password} purpose="current" label="Your password" />
      <div className="flex justify-end">
        <SubmitButton formId={intent} pendingLabel="Starting…">
          Set up an authenticator
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

function CodeForm({
  intent,
  label,
  submit,
  pendingLabel,
  actionData,
}: {
  intent: "two-factor-confirm" | "two-factor-remove";
  label: string;
  submit: string;
  pendingLabel: string;
  actionData: ActionData;
}) {
  const [form, fields] = useStaffForm(profileCommandSchema, { id: intent, actionData });
  return (
    <StaffForm form={form} intent={intent} className="flex flex-col gap-4">
      <FormCodeField field={fields.code} label={label} />
      <div className="flex justify-end">
        <SubmitButton
          formId={intent}
          pendingLabel={pendingLabel}
          variant={intent === "two-factor-remove" ? "secondary" : "primary"}
        >
          {submit}
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

function CancelSetup({ actionData }: { actionData: ActionData }) {
  const [form] = useStaffForm(profileCommandSchema, { id: "two-factor-cancel", actionData });
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

/** Sign-out with a scope (R4.9), each a plain form to /affiliate/logout. */
function SignOutPanel() {
  const scopes = [
    { scope: "local", label: "Sign out on this device", note: "Ends this session only." },
    {
      scope: "others",
      label: "Sign out on other devices",
      note: "Ends every other session; you stay signed in here.",
    },
    { scope: "global", label: "Sign out everywhere", note: "Ends every session, this one too." },
  ] as const;
  return (
    <Panel title="Signed-in devices">
      <ul className="flex flex-col gap-4">
        {scopes.map(({ scope, label, note }) => (
          <li key={scope} className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{note}</p>
            <Form method="post" action="/affiliate/logout">
              <input type="hidden" name="scope" value={scope} />
              <Button type="submit" variant="secondary">
                {label}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
