import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginFormFrame, loginPageMeta } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import {
  FormCheckbox,
  FormPasswordField,
  FormTextField,
} from "~/components/admin/staff-form-fields";
import { HoneypotField } from "~/components/ui/form-field";
import { runtimeContext } from "~/modules/platform/context";
import { refuseCrossSite } from "~/modules/platform/cross-site.server";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { authDeps, currentStaff, requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import { rememberCookie } from "~/modules/staff/session-lifetime.server";
import { attemptStaffLogin } from "~/modules/staff/sign-in-attempt.server";
import { cookieHeaders, readSignInPage } from "~/modules/staff/sign-in-page.server";
import { signInQuerySchema, signInSchema, SIGN_IN_FORM } from "~/modules/staff/sign-in.schema";
import { STAFF_STRINGS } from "~/modules/staff/staff-strings";

export const meta: Route.MetaFunction = () => loginPageMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, query, companyName } = await readSignInPage(request, context, signInQuerySchema);
  if (await currentStaff(runtime, request)) throw redirect(query.returnTo);
  return { companyName, returnTo: query.returnTo };
}

/**
 * The staff sign-in (docs/REQUIREMENTS.md R4.4, R8.1, R9.3), all checks on the server:
 * every answer takes 800-1200 ms whatever happened, so timing tells an attacker nothing.
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
  const { submission } = await readStaffForm(request, signInSchema);
  const hideFields = ["password", "website"];
  if (submission.status !== "success") {
    await answerDelay(started);
    return formAnswer(SIGN_IN_FORM.login, submission, { hideFields });
  }
  const { rememberMe, returnTo, ...values } = submission.value;
  const outcome = await attemptStaffLogin(authDeps(runtime), {
    email: values.email,
    password: values.password,
    rememberMe,
    honeypot: values.website,
    ip: requestIp(request, context),
    userAgent: request.headers.get("user-agent") ?? undefined,
    cookieHeader: request.headers.get("cookie") ?? undefined,
  }).catch((err: unknown) => {
    runtime.logger.error({ err }, "staff sign-in failed unexpectedly");
    return { kind: "refused", message: STAFF_STRINGS.login.failed, status: 500 } as const;
  });
  await answerDelay(started);

  if (outcome.kind === "refused") {
    return formAnswer(SIGN_IN_FORM.login, submission, {
      formError: outcome.message,
      status: outcome.status,
      hideFields,
    });
  }
  const headers = cookieHeaders(outcome.setCookies);
  if (outcome.kind === "two_factor") {
    headers.append("Set-Cookie", rememberCookie(rememberMe));
    return redirect(`/admin/login/two-factor?returnTo=${encodeURIComponent(returnTo)}`, {
      headers,
    });
  }
  return redirect(returnTo, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(signInSchema, { id: SIGN_IN_FORM.login, actionData });
  return (
    <LoginFormFrame companyName={loaderData.companyName} form={form}>
      <input type="hidden" name={fields.returnTo.name} value={loaderData.returnTo} />
      <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="username" />
      <FormPasswordField field={fields.password} purpose="current" label="Password" />
      <FormCheckbox
        field={fields.rememberMe}
        label="Remember me for 30 days (otherwise 24 hours)"
      />
      <HoneypotField name={fields.website.name} />
    </LoginFormFrame>
  );
}
