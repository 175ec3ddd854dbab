import type { Route } from "./+types/reset-password";
import { LoginFormFrame, LoginFrame } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { NewPasswordFields } from "~/components/admin/staff-form-fields";
import {
  PORTAL_AREA,
  PORTAL_STEP,
  PortalLink,
  portalPageMeta,
} from "~/components/affiliate/portal-frame";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PASSWORD_MIN, resetPasswordSchema } from "~/modules/affiliates/affiliate-account.schema";
import {
  resetAffiliatePassword,
  resetTokenIsValid,
} from "~/modules/affiliates/affiliate-accounts.server";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import { AFFILIATE_STRINGS } from "~/modules/affiliates/affiliate-strings";
import { passwordLinkQuerySchema } from "~/modules/staff/account.schema";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { readSignInPage, signInPageRuntime } from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => portalPageMeta("Choose a new password");

const FORM_ID = "affiliate-reset-password";
const hideFields = ["password", "confirmPassword"];

/** What a used or expired link says, after R8.3's words. */
const LINK_SPENT = "The link has expired or has already been used. Ask for a new one below.";

/** The page a reset or invitation e-mail links to (docs/REQUIREMENTS.md R5.10): ?token=... */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, query, companyName } = await readSignInPage(
    request,
    context,
    passwordLinkQuerySchema,
  );
  const valid = await resetTokenIsValid(affiliateAuthDeps(runtime), query.token);
  return { companyName, token: query.token, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, resetPasswordSchema);
  if (submission.status !== "success") return formAnswer(FORM_ID, submission, { hideFields });
  const outcome = await resetAffiliatePassword(affiliateAuthDeps(runtime), submission.value);
  if (!outcome.ok) {
    return formAnswer(FORM_ID, submission, {
      ...refusalOf(outcome.errors),
      hideFields,
      status: 400,
    });
  }
  return { done: true as const };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(resetPasswordSchema, { id: FORM_ID, actionData });
  const { companyName } = loaderData;

  if (actionData && "done" in actionData) {
    return (
      <LoginFrame companyName={companyName} area={PORTAL_AREA} title="Your password is saved">
        <p role="status" className="mb-6 text-sm">
          You can now sign in to the partner portal with your e-mail address and the new password.
        </p>
        <PortalLink to="/affiliate/login">Sign in</PortalLink>
      </LoginFrame>
    );
  }

  // Checked when the page opens and again when it is sent (it may be used up in between).
  const refused = form.errors?.[0];
  if (!loaderData.valid || refused) {
    return (
      <LoginFrame
        companyName={companyName}
        area={PORTAL_AREA}
        title={PORTAL_STEP.resetPassword.title}
      >
        <ErrorAlert>
          <span className="block font-semibold">
            {refused ?? AFFILIATE_STRINGS.portal.updatePasswordFailed}
          </span>
          {LINK_SPENT}
        </ErrorAlert>
        <p className="mt-6 text-sm">
          <PortalLink to="/affiliate/forgot-password">Send me a new link</PortalLink>
        </p>
      </LoginFrame>
    );
  }

  return (
    <LoginFormFrame
      companyName={companyName}
      area={PORTAL_AREA}
      copy={PORTAL_STEP.resetPassword}
      form={form}
    >
      <input type="hidden" name={fields.token.name} value={loaderData.token} />
      <NewPasswordFields
        fields={fields}
        hint={`At least ${PASSWORD_MIN} characters. A few words you will remember work well.`}
      />
    </LoginFormFrame>
  );
}
