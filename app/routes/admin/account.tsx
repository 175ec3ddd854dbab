import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { Badge, PageHeader, Panel } from "~/components/admin/ui";
import { Button } from "~/components/ui/button";
import { FieldError, TextField } from "~/components/ui/form-field";
import { runtimeContext } from "~/modules/platform/context";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { changeOwnPassword, PASSWORD_MIN, type AccountActor } from "~/modules/staff/account.server";
import { flashCookie } from "~/modules/staff/flash.server";
import { authDeps, requestIp, requireStaff } from "~/modules/staff/guard.server";
import { authHeaders } from "~/modules/staff/login.server";
import {
  cancelTotpSetup,
  confirmTotpSetup,
  disableTotp,
  pendingTotpSetup,
  startTotpSetup,
} from "~/modules/staff/two-factor.server";

export const meta: Route.MetaFunction = () => [{ title: "My account | Staff area" }];

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
    setupAsked: new URL(request.url).searchParams.get("setup") === "two-factor",
    passwordMin: PASSWORD_MIN,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const runtime = context.get(runtimeContext);
  const deps = authDeps(runtime);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const ip = requestIp(request, context);
  const actor: AccountActor = { id: staff.id, email: staff.email, ip: ip ?? null };
  // Our trusted address for Better Auth, never a header the client sent.
  const headers = authHeaders(
    { ip, userAgent: request.headers.get("user-agent") ?? undefined },
    request.headers.get("cookie") ?? undefined,
  );
  const here = `/admin/account${new URL(request.url).search}`;
  const done = (message: string, cookies: string[] = [], to = here) => {
    const answer = new Headers();
    for (const cookie of cookies) answer.append("Set-Cookie", cookie);
    answer.append("Set-Cookie", flashCookie({ message, tone: "success" }));
    return redirect(to, { headers: answer });
  };
  const refused = (errors: Record<string, string>) => data({ intent, errors }, { status: 422 });

  switch (intent) {
    case "password": {
      const outcome = await changeOwnPassword(deps, actor, headers, {
        currentPassword: text("currentPassword"),
        password: text("password"),
        confirmPassword: text("confirmPassword"),
      });
      if (!outcome.ok) return refused(outcome.errors);
      return done("Password changed. Your other sessions were signed out.", outcome.setCookies);
    }
    case "two-factor-start": {
      const outcome = await startTotpSetup(deps, actor, headers, text("password"));
      if (!outcome.ok) return refused(outcome.errors);
      return done("Scan the code with your authenticator app, then enter the code it shows.");
    }
    case "two-factor-confirm": {
      const outcome = await confirmTotpSetup(deps, actor, headers, text("code"));
      if (!outcome.ok) return refused(outcome.errors);
      const company = await getCompanySettings(runtime.db);
      // Sent here by the company's rule: the rest of the staff area is open now.
      const next =
        company.requireStaffTwoFactor && new URL(request.url).searchParams.get("setup")
          ? "/admin/dashboard"
          : "/admin/account";
      return done("Authenticator set up: sign-in now asks for its code.", outcome.setCookies, next);
    }
    case "two-factor-cancel":
      await cancelTotpSetup(runtime.db, staff.id);
      return done("Setup cancelled.");
    case "two-factor-disable": {
      const outcome = await disableTotp(deps, actor, headers, text("password"));
      if (!outcome.ok) return refused(outcome.errors);
      return done("Authenticator turned off.", outcome.setCookies);
    }
    default:
      return refused({ form: "Unknown action." });
  }
}

type ActionData = Route.ComponentProps["actionData"];

const errorsFor = (actionData: ActionData, ...intents: string[]): Record<string, string> =>
  actionData && intents.includes(actionData.intent) ? actionData.errors : {};

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { me, twoFactorEnabled, pending, required, setupAsked, passwordMin } = loaderData;
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
            <img src={me.avatar} alt="" width={48} height={48} className="size-12 rounded-full" />
            <div className="min-w-0">
              <p className="font-semibold">{me.name}</p>
              <p className="break-all text-sm text-muted">
                {me.email} · {me.role === "admin" ? "Admin" : "Editor"}
              </p>
            </div>
          </div>
        </Panel>
        <PasswordPanel email={me.email} passwordMin={passwordMin} actionData={actionData} />
        <AuthenticatorPanel enabled={twoFactorEnabled} pending={pending} actionData={actionData} />
      </div>
    </>
  );
}

function PasswordPanel({
  email,
  passwordMin,
  actionData,
}: {
  email: string;
  passwordMin: number;
  actionData: ActionData;
}) {
  const errors = errorsFor(actionData, "password");
  const busy = useBusy("password");
  return (
    <Panel title="Change password">
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers tie the new password to this account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <TextField
          id="account-current-password"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <TextField
          id="account-new-password"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${passwordMin} characters.`}
          minLength={passwordMin}
          required
          error={errors.password}
        />
        <TextField
          id="account-confirm-password"
          name="confirmPassword"
          type="password"
          label="New password again"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <p className="text-sm text-muted">Your other sessions are signed out; this one stays.</p>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

function AuthenticatorPanel({
  enabled,
  pending,
  actionData,
}: {
  enabled: boolean;
  pending: { uri: string; secret: string; qrSvg: string } | null;
  actionData: ActionData;
}) {
  const startBusy = useBusy("two-factor-start");
  const confirmBusy = useBusy("two-factor-confirm");
  const disableBusy = useBusy("two-factor-disable");

  if (enabled) {
    const errors = errorsFor(actionData, "two-factor-disable");
    return (
      <Panel title="Authenticator" actions={<Badge tone="success">On</Badge>}>
        <p className="mb-4 text-sm">
          Sign-in asks for a six-digit code from your authenticator app after your password.
        </p>
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="two-factor-disable" />
          <TextField
            id="account-disable-password"
            name="password"
            type="password"
            label="Password, to turn it off"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" disabled={disableBusy}>
              {disableBusy ? "Turning off…" : "Turn off the authenticator"}
            </Button>
          </div>
        </Form>
      </Panel>
    );
  }

  if (pending) {
    const errors = errorsFor(actionData, "two-factor-confirm");
    const grouped = pending.secret.match(/.{1,4}/g)?.join(" ") ?? pending.secret;
    return (
      <Panel title="Authenticator" actions={<Badge tone="warning">Waiting for a code</Badge>}>
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
          <li>
            <p>Scan this code with your authenticator app.</p>
            <div
              role="img"
              aria-label="QR code to scan with your authenticator app"
              className="mt-3 size-48 rounded-lg border border-stone-200 bg-white [&>svg]:size-full"
              // Markup made on our server by the qrcode package from the otpauth URI.
              dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
            />
            <p className="mt-3">Or enter this key in the app by hand (time-based):</p>
            <p className="mt-1 break-all font-mono text-base tracking-wide">
              <span className="sr-only">Setup key: </span>
              {grouped}
            </p>
          </li>
          <li>
            <Form method="post" noValidate className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="two-factor-confirm" />
              <FieldError id="account-confirm" message={errors.form} />
              <TextField
                id="account-totp-code"
                name="code"
                label="The six-digit code the app shows"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                required
                error={errors.code}
              />
              <div className="flex justify-end">
                <Button type="submit" variant="primary" disabled={confirmBusy}>
                  {confirmBusy ? "Checking…" : "Turn on"}
                </Button>
              </div>
            </Form>
          </li>
        </ol>
        <Form method="post" className="mt-4 border-t border-stone-200 pt-4">
          <input type="hidden" name="intent" value="two-factor-cancel" />
          <Button type="submit" variant="ghost">
            Cancel setup
          </Button>
        </Form>
      </Panel>
    );
  }

  const errors = errorsFor(actionData, "two-factor-start");
  return (
    <Panel title="Authenticator" actions={<Badge tone="neutral">Off</Badge>}>
      <p className="mb-4 text-sm">
        With an authenticator, signing in takes your password and a code from your phone, so a
        stolen password alone does not get anyone in.
      </p>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="two-factor-start" />
        <FieldError id="account-start" message={errors.form} />
        <TextField
          id="account-start-password"
          name="password"
          type="password"
          label="Your password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={startBusy}>
            {startBusy ? "Starting…" : "Set up an authenticator"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
