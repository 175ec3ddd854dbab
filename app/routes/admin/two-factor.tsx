import { redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { LoginFormFrame, loginPageMeta } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { FormCodeField } from "~/components/admin/staff-form-fields";
import { TWO_FACTOR_MESSAGES } from "~/modules/staff/account.schema";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { authDeps, requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import { REMEMBER_COOKIE, rememberedChoice } from "~/modules/staff/session-lifetime.server";
import { completeTwoFactorSignIn } from "~/modules/staff/sign-in-attempt.server";
import {
  cookieHeaders,
  readSignInPage,
  signInPageRuntime,
} from "~/modules/staff/sign-in-page.server";
import {
  signInQuerySchema,
  twoFactorSignInSchema,
  SIGN_IN_FORM,
} from "~/modules/staff/sign-in.schema";

export const meta: Route.MetaFunction = () => loginPageMeta("Authenticator code");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, companyName } = await readSignInPage(request, context, signInQuerySchema);
  return { companyName, returnTo: query.returnTo };
}

/** The second step for members with an authenticator: a six-digit code (TOTP). */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, twoFactorSignInSchema);
  const hideFields = ["code"];
  if (submission.status !== "success") {
    await answerDelay(started);
    return formAnswer(SIGN_IN_FORM.twoFactor, submission, { hideFields });
  }
  const { code, returnTo } = submission.value;
  const setCookies = await completeTwoFactorSignIn(authDeps(runtime), {
    code,
    rememberMe: rememberedChoice(request),
    ip: requestIp(request, context),
    userAgent: request.headers.get("user-agent") ?? undefined,
    cookieHeader: request.headers.get("cookie") ?? undefined,
  });
  await answerDelay(started);
  if (!setCookies) {
    return formAnswer(SIGN_IN_FORM.twoFactor, submission, {
      formError: TWO_FACTOR_MESSAGES.wrongCode,
      status: 401,
      hideFields,
    });
  }
  const headers = cookieHeaders(setCookies);
  headers.append("Set-Cookie", `${REMEMBER_COOKIE}=; Path=/admin/login; Max-Age=0`);
  return redirect(returnTo, { headers });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(twoFactorSignInSchema, {
    id: SIGN_IN_FORM.twoFactor,
    actionData,
  });
  return (
    <LoginFormFrame companyName={loaderData.companyName} form={form}>
      <input type="hidden" name={fields.returnTo.name} value={loaderData.returnTo} />
      <FormCodeField
        field={fields.code}
        label="Six-digit code"
        hint="From the authenticator app you set up for the staff area."
      />
    </LoginFormFrame>
  );
}
