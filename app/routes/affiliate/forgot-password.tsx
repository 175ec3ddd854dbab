import type { Route } from "./+types/forgot-password";
import { LoginFormFrame, LoginFrame } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { FormTextField } from "~/components/admin/staff-form-fields";
import {
  PORTAL_AREA,
  PORTAL_STEP,
  PortalLink,
  portalPageMeta,
} from "~/components/affiliate/portal-frame";
import { HoneypotField } from "~/components/ui/form-field";
import { forgotPasswordSchema } from "~/modules/affiliates/affiliate-account.schema";
import { requestAffiliatePasswordReset } from "~/modules/affiliates/affiliate-accounts.server";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import { AFFILIATE_STRINGS } from "~/modules/affiliates/affiliate-strings";
import { z } from "~/modules/platform/zod";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import { readSignInPage, signInPageRuntime } from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => portalPageMeta("Reset your password");

const FORM_ID = "affiliate-forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { companyName } = await readSignInPage(request, context, z.object({}));
  return { companyName };
}

/**
 * Sends a link to {origin}/affiliate/reset-password (docs/REQUIREMENTS.md R5.10): the answer
 * is the same whether or not the e-mail belongs to a partner (D6).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, forgotPasswordSchema);
  if (submission.status !== "success") return formAnswer(FORM_ID, submission);
  // A bot that filled the hidden field is answered like everyone, and nothing is sent.
  const outcome =
    submission.value.website.trim() !== ""
      ? ({ ok: true } as const)
      : await requestAffiliatePasswordReset(affiliateAuthDeps(runtime), {
          email: submission.value.email,
          ip: requestIp(request, context),
        }).catch((err: unknown) => {
          runtime.logger.error({ err }, "affiliate reset link failed");
          return {
            ok: false,
            errors: { form: AFFILIATE_STRINGS.portal.resetEmailFailed },
          } as const;
        });
  // The same time for a partner's e-mail and any other: the answer tells nothing (D6).
  await answerDelay(started);
  if (!outcome.ok)
    return formAnswer(FORM_ID, submission, { ...refusalOf(outcome.errors), status: 429 });
  return { sent: true as const };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(forgotPasswordSchema, { id: FORM_ID, actionData });
  if (actionData && "sent" in actionData) {
    return (
      <LoginFrame companyName={loaderData.companyName} area={PORTAL_AREA} title="Check your e-mail">
        <p role="status" className="text-sm">
          If that address belongs to a partner account, we sent it a link to choose a new password.
          The link works once and expires in 24 hours.
        </p>
        <p className="mt-6 text-sm">
          <PortalLink to="/affiliate/login">Back to sign-in</PortalLink>
        </p>
      </LoginFrame>
    );
  }
  return (
    <LoginFormFrame
      companyName={loaderData.companyName}
      area={PORTAL_AREA}
      copy={PORTAL_STEP.forgotPassword}
      form={form}
      footer={<PortalLink to="/affiliate/login">Back to sign-in</PortalLink>}
    >
      <p className="text-sm">
        Enter the e-mail address of your partner account; we will send you a link.
      </p>
      <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="username" />
      <HoneypotField name={fields.website.name} />
    </LoginFormFrame>
  );
}
