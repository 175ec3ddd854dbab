import { data, Form, redirect, useNavigation } from "react-router";
import { STAFF_STRINGS } from "~/modules/staff/staff-strings";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { authDeps, currentStaff, requestIp } from "~/modules/staff/guard.server";
import {
  answerDelay,
  attemptStaffLogin,
  rememberCookie,
  safeReturnTo,
} from "~/modules/staff/login.server";
import { LoginFrame } from "~/components/admin/login-frame";
import { ErrorAlert } from "~/components/ui/error-alert";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | Staff area" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (await currentStaff(runtime, request)) throw redirect(returnTo);
  const company = await getCompanySettings(runtime.db);
  return { companyName: company.name, returnTo };
}

/**
 * The staff sign-in (SPEC §4, §8, §9), all checks on the server: every answer takes
 * 800-1200 ms whatever happened, so timing tells an attacker nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = context.get(runtimeContext);
  try {
    refuseCrossSite(request, runtime.config.publicUrl.origin);
  } catch (refusal) {
    await answerDelay(started);
    throw refusal;
  }
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const rememberMe = text("rememberMe") === "on";
  const returnTo = safeReturnTo(text("returnTo"));
  const outcome = await attemptStaffLogin(authDeps(runtime), {
    email: text("email"),
    password: text("password"),
    rememberMe,
    honeypot: text("website"),
    ip: requestIp(request, context),
    userAgent: request.headers.get("user-agent") ?? undefined,
    cookieHeader: request.headers.get("cookie") ?? undefined,
  }).catch((err: unknown) => {
    runtime.logger.error({ err }, "staff sign-in failed unexpectedly");
    return { kind: "refused", message: STAFF_STRINGS.login.failed, status: 500 } as const;
  });
  await answerDelay(started);

  if (outcome.kind === "refused") {
    return data(
      { error: outcome.message, email: text("email"), rememberMe },
      { status: outcome.status },
    );
  }
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  if (outcome.kind === "two_factor") {
    headers.append("Set-Cookie", rememberCookie(rememberMe));
    return redirect(`/admin/login/two-factor?returnTo=${encodeURIComponent(returnTo)}`, {
      headers,
    });
  }
  return redirect(returnTo, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <LoginFrame companyName={loaderData.companyName} title="Sign in to the staff area">
      <Form
        method="post"
        className="flex flex-col gap-5"
        aria-describedby={actionData?.error ? "login-error" : undefined}
      >
        {actionData?.error && <ErrorAlert id="login-error">{actionData.error}</ErrorAlert>}
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <TextField
          id="login-email"
          name="email"
          type="email"
          label="E-mail"
          autoComplete="username"
          required
          defaultValue={actionData?.email ?? ""}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <CheckboxField
          id="login-remember"
          name="rememberMe"
          label="Remember me for 30 days (otherwise 24 hours)"
          defaultChecked={actionData?.rememberMe ?? false}
        />
        {/* People never see this field; form-filling bots do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </LoginFrame>
  );
}
