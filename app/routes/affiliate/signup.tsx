import type { Route } from "./+types/signup";
import { useTrackWhen } from "~/modules/analytics/track";
import { LoginFormFrame, LoginFrame } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import {
  FormTextArea,
  FormTextField,
  NewPasswordFields,
} from "~/components/admin/staff-form-fields";
import {
  PORTAL_AREA,
  PORTAL_STEP,
  PortalLink,
  portalPageMeta,
} from "~/components/affiliate/portal-frame";
import { HoneypotField } from "~/components/ui/form-field";
import {
  affiliateSignupSchema,
  CODE_HINT,
  PASSWORD_MIN,
} from "~/modules/affiliates/affiliate-account.schema";
import { applyAsAffiliate } from "~/modules/affiliates/affiliate-accounts.server";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import { issueFormToken } from "~/modules/leads/form-token.server";
import { z } from "~/modules/platform/zod";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import { readSignInPage, signInPageRuntime } from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => portalPageMeta("Become a referral partner");

const FORM_ID = "affiliate-signup";
const hideFields = ["password", "confirmPassword", "website", "formToken"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, companyName } = await readSignInPage(request, context, z.object({}));
  // When the form was served, signed: a form sent within 3 s is a script's.
  return { companyName, formToken: issueFormToken(runtime.config.authSecret) };
}

/**
 * The public application (docs/REQUIREMENTS.md R1.6): stored as a pending partner an admin
 * approves or rejects. Everyone who gets past the checks of the form sees the same answer,
 * whether or not the e-mail already has an account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, affiliateSignupSchema);
  if (submission.status !== "success") return formAnswer(FORM_ID, submission, { hideFields });
  const outcome = await applyAsAffiliate(
    { ...affiliateAuthDeps(runtime), secret: runtime.config.authSecret },
    { ...submission.value, ip: requestIp(request, context) },
  );
  // A new application and one for a known e-mail take the same time: timing tells nothing.
  await answerDelay(started);
  if (!outcome.ok) {
    const status = outcome.errors.form ? 429 : 422;
    return formAnswer(FORM_ID, submission, { ...refusalOf(outcome.errors), hideFields, status });
  }
  return { received: true as const };
}

export default function AffiliateSignup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(affiliateSignupSchema, { id: FORM_ID, actionData });
  const { companyName } = loaderData;
  const received = Boolean(actionData && "received" in actionData);
  useTrackWhen("affiliate_signup", received);
  if (actionData && "received" in actionData) {
    return (
      <LoginFrame companyName={companyName} area={PORTAL_AREA} title="Thank you for applying">
        <div role="status" className="flex flex-col gap-3 text-sm">
          <p>
            We received your application and review each one by hand, usually within two business
            days.
          </p>
          <p>
            We will e-mail you as soon as it is approved. From then on you can sign in to the
            partner portal with your e-mail address and the password you chose.
          </p>
        </div>
        <p className="mt-6 text-sm">
          <PortalLink to="/">Back to the website</PortalLink>
        </p>
      </LoginFrame>
    );
  }
  return (
    <LoginFormFrame
      companyName={companyName}
      area={PORTAL_AREA}
      copy={PORTAL_STEP.signup}
      form={form}
      wide
      footer={
        <p>
          Already a partner? <PortalLink to="/affiliate/login">Sign in</PortalLink>
        </p>
      }
    >
      <p className="text-sm">
        Past customers, realtors, interior designers and contractors refer homeowners to us. As a
        partner you get your own referral link, see what became of every referral, and are paid for
        the jobs they bring.
      </p>
      <input type="hidden" name={fields.formToken.name} value={loaderData.formToken} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField field={fields.name} label="Your name" autoComplete="name" />
        <FormTextField
          field={fields.company}
          label="Company (optional)"
          autoComplete="organization"
        />
        <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="email" />
        <FormTextField field={fields.phone} type="tel" label="Phone" autoComplete="tel" />
      </div>
      <FormTextArea
        field={fields.howTheyKnow}
        label="How do you know homeowners who may need us?"
        hint="For example: realtor on the South Shore, interior designer, past customer."
        rows={3}
      />
      <FormTextField
        field={fields.code}
        label="Your referral code (optional)"
        hint={CODE_HINT}
        autoComplete="off"
        spellCheck={false}
      />
      <NewPasswordFields fields={fields} hint={`At least ${PASSWORD_MIN} characters.`} />
      <HoneypotField name={fields.website.name} />
    </LoginFormFrame>
  );
}
