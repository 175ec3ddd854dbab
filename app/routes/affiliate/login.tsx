import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginFormFrame } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { FormPasswordField, FormTextField } from "~/components/admin/staff-form-fields";
import {
  PORTAL_AREA,
  PORTAL_STEP,
  PortalLink,
  portalPageMeta,
} from "~/components/affiliate/portal-frame";
import { HoneypotField } from "~/components/ui/form-field";
import {
  affiliateSignInSchema,
  portalQuerySchema,
} from "~/modules/affiliates/affiliate-account.schema";
import {
  affiliateAuthDeps,
  readAffiliateSession,
} from "~/modules/affiliates/affiliate-guard.server";
import { attemptAffiliateLogin } from "~/modules/affiliates/affiliate-sign-in.server";
import { AFFILIATE_STRINGS } from "~/modules/affiliates/affiliate-strings";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import {
  cookieHeaders,
  readSignInPage,
  signInPageRuntime,
} from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => portalPageMeta("Sign in");

const FORM_ID = "affiliate-login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, query, companyName } = await readSignInPage(request, context, portalQuerySchema);
  const { found } = await readAffiliateSession(affiliateAuthDeps(runtime), request.headers);
  if (found) throw redirect(query.returnTo);
  return { companyName, returnTo: query.returnTo };
}

/**
 * The partner sign-in (docs/REQUIREMENTS.md R4.9, R5.11, R8.3, R9.3): the staff sign-in's
 * limits, every answer after 800-1200 ms whatever happened; then the portal (or the
 * authenticator's step), or why the account may not use it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  let runtime;
  try {
    runtime = signInPageRuntime(request, context);
  } catch (refusal) {
    await answerDelay(started);
    throw refusal;
  }
  const { submission } = await readStaffForm(request, affiliateSignInSchema);
  const hideFields = ["password", "website"];
  if (submission.status !== "success") {
    await answerDelay(started);
    return formAnswer(FORM_ID, submission, { hideFields });
  }
  const { returnTo, ...values } = submission.value;
  const outcome = await attemptAffiliateLogin(affiliateAuthDeps(runtime), {
    email: values.email,
    password: values.password,
    honeypot: values.website,
    ip: requestIp(request, context),
    userAgent: request.headers.get("user-agent") ?? undefined,
  }).catch((err: unknown) => {
    runtime.logger.error({ err }, "affiliate sign-in failed unexpectedly");
    return {
      kind: "refused",
      message: AFFILIATE_STRINGS.portal.signInFailed,
      status: 500,
    } as const;
  });
  await answerDelay(started);

  if (outcome.kind === "refused" || outcome.kind === "not_admitted") {
    return formAnswer(FORM_ID, submission, {
      formError: outcome.message,
      status: outcome.kind === "refused" ? outcome.status : 403,
      hideFields,
    });
  }
  const headers = cookieHeaders(outcome.setCookies);
  if (outcome.kind === "two_factor") {
    return redirect(`/affiliate/login/two-factor?returnTo=${encodeURIComponent(returnTo)}`, {
      headers,
    });
  }
  return redirect(returnTo, { headers });
}

export default function AffiliateLogin({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(affiliateSignInSchema, { id: FORM_ID, actionData });
  return (
    <LoginFormFrame
      companyName={loaderData.companyName}
      area={PORTAL_AREA}
      copy={PORTAL_STEP.login}
      form={form}
      footer={
        <>
          <PortalLink to="/affiliate/forgot-password">Forgot your password?</PortalLink>
          <p>
            Not a partner yet?{" "}
            <PortalLink to="/affiliate/signup">Apply to the programme</PortalLink>
          </p>
        </>
      }
    >
      <input type="hidden" name={fields.returnTo.name} value={loaderData.returnTo} />
      <FormTextField field={fields.email} type="email" label="E-mail" autoComplete="username" />
      <FormPasswordField field={fields.password} purpose="current" label="Password" />
      <HoneypotField name={fields.website.name} />
    </LoginFormFrame>
  );
}
