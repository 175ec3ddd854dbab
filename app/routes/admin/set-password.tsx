import { Link } from "react-router";
import type { Route } from "./+types/set-password";
import { LoginFormFrame, LoginFrame, loginPageMeta } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { NewPasswordFields } from "~/components/admin/staff-form-fields";
import { buttonClasses } from "~/components/ui/button";
import { ErrorAlert } from "~/components/ui/error-alert";
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MIN,
  passwordLinkQuerySchema,
  setPasswordSchema,
} from "~/modules/staff/account.schema";
import { passwordTokenOwner, setPasswordWithToken } from "~/modules/staff/account.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { authDeps, requestIp } from "~/modules/staff/guard.server";
import { SIGN_IN_FORM } from "~/modules/staff/sign-in.schema";
import { readSignInPage, signInPageRuntime } from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => loginPageMeta("Set your password");

const hideFields = ["password", "confirmPassword"];

/**
 * The page an invitation (or a reset) e-mail links to: /admin/set-password?token=...
 * Public, as its reader has no password yet; the token is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, query, companyName } = await readSignInPage(
    request,
    context,
    passwordLinkQuerySchema,
  );
  const owner = await passwordTokenOwner(runtime.db, query.token);
  return { companyName, token: query.token, valid: Boolean(owner) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, setPasswordSchema);
  if (submission.status !== "success")
    return formAnswer(SIGN_IN_FORM.setPassword, submission, { hideFields });
  const outcome = await setPasswordWithToken(authDeps(runtime), {
    ...submission.value,
    ip: requestIp(request, context) ?? null,
  });
  if (!outcome.ok) {
    return formAnswer(SIGN_IN_FORM.setPassword, submission, {
      ...refusalOf(outcome.errors),
      hideFields,
    });
  }
  return { done: true as const };
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(setPasswordSchema, {
    id: SIGN_IN_FORM.setPassword,
    actionData,
  });

  if (actionData && "done" in actionData) {
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

  // The link is checked when the page opens and again when it is sent (it may be used
  // up in between): either way there is nothing to fill in any more.
  const linkRefused = form.errors?.[0] ?? fields.token.errors?.[0];
  if (!loaderData.valid || linkRefused) {
    return (
      <LoginFrame companyName={loaderData.companyName} title="Set your password">
        <ErrorAlert>{linkRefused ?? ACCOUNT_MESSAGES.linkInvalid}</ErrorAlert>
        <Link to="/admin/login" className={`${buttonClasses("secondary")} mt-6 w-full`}>
          Go to sign-in
        </Link>
      </LoginFrame>
    );
  }

  return (
    <LoginFormFrame companyName={loaderData.companyName} form={form}>
      <input type="hidden" name={fields.token.name} value={loaderData.token} />
      <NewPasswordFields
        fields={fields}
        hint={`At least ${PASSWORD_MIN} characters. A few words you will remember work well.`}
      />
    </LoginFormFrame>
  );
}
