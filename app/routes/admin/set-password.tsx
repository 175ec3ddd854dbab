import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/set-password";
import { LoginFrame } from "~/components/admin/login-frame";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import {
  ACCOUNT_MESSAGES,
  passwordTokenOwner,
  PASSWORD_MIN,
  setPasswordWithToken,
} from "~/modules/staff/account.server";
import { authDeps, requestIp } from "~/modules/staff/guard.server";
import { ErrorAlert } from "~/components/ui/error-alert";

export const meta: Route.MetaFunction = () => [
  { title: "Set your password | Staff area" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The page an invitation (or a reset) e-mail links to: /admin/set-password?token=...
 * Public, as its reader has no password yet; the token is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [company, owner] = await Promise.all([
    getCompanySettings(db),
    passwordTokenOwner(db, token),
  ]);
  return {
    companyName: company.name,
    token,
    valid: Boolean(owner),
    passwordMin: PASSWORD_MIN,
    linkInvalid: ACCOUNT_MESSAGES.linkInvalid,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  refuseCrossSite(request, runtime.config.publicUrl.origin);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const outcome = await setPasswordWithToken(authDeps(runtime), {
    token: text("token"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
    ip: requestIp(request, context) ?? null,
  });
  if (!outcome.ok) return data({ done: false, errors: outcome.errors }, { status: 422 });
  return { done: true, errors: {} as Record<string, string> };
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};

  if (actionData?.done) {
    return (
      <LoginFrame companyName={loaderData.companyName} title="Your password is set">
        <p role="status" className="mb-6 text-sm">
          You can now sign in to the staff area with your e-mail address and the new password.
        </p>
        <Link to="/admin/login" className={buttonClasses("primary", "lg", "w-full")}>
          Sign in
        </Link>
      </LoginFrame>
    );
  }

  if (!loaderData.valid || errors.form) {
    return (
      <LoginFrame companyName={loaderData.companyName} title="Set your password">
        <ErrorAlert>{errors.form ?? loaderData.linkInvalid}</ErrorAlert>
        <Link to="/admin/login" className={`${buttonClasses("secondary")} mt-6 w-full`}>
          Go to sign-in
        </Link>
      </LoginFrame>
    );
  }

  return (
    <LoginFrame companyName={loaderData.companyName} title="Set your password">
      <Form method="post" noValidate className="flex flex-col gap-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          id="set-password"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${loaderData.passwordMin} characters. A few words you will remember work well.`}
          minLength={loaderData.passwordMin}
          required
          error={errors.password}
        />
        <TextField
          id="set-password-again"
          name="confirmPassword"
          type="password"
          label="New password again"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Saving…" : "Set password"}
        </Button>
      </Form>
    </LoginFrame>
  );
}
