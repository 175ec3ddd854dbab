import { redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { LoginFormFrame } from "~/components/admin/login-frame";
import { useStaffForm } from "~/components/admin/staff-form";
import { FormCodeField } from "~/components/admin/staff-form-fields";
import {
  PORTAL_AREA,
  PORTAL_STEP,
  PortalLink,
  portalPageMeta,
} from "~/components/affiliate/portal-frame";
import {
  affiliateTwoFactorSchema,
  portalQuerySchema,
} from "~/modules/affiliates/affiliate-account.schema";
import { affiliateAuthDeps } from "~/modules/affiliates/affiliate-guard.server";
import { completeAffiliateTwoFactor } from "~/modules/affiliates/affiliate-sign-in.server";
import { recordAffiliateEvent } from "~/modules/affiliates/affiliate-records.server";
import { TWO_FACTOR_MESSAGES } from "~/modules/staff/account.schema";
import { formAnswer, readStaffForm } from "~/modules/staff/form-answer.server";
import { requestIp } from "~/modules/staff/guard.server";
import { answerDelay } from "~/modules/staff/login-limits.server";
import {
  cookieHeaders,
  readSignInPage,
  signInPageRuntime,
} from "~/modules/staff/sign-in-page.server";

export const meta: Route.MetaFunction = () => portalPageMeta("Authenticator code");

const FORM_ID = "affiliate-two-factor";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, companyName } = await readSignInPage(request, context, portalQuerySchema);
  return { companyName, returnTo: query.returnTo };
}

/** The second step for partners with an authenticator: aal1 to aal2 (docs/REQUIREMENTS.md R6.4). */
export async function action({ request, context }: Route.ActionArgs) {
  const started = Date.now();
  const runtime = signInPageRuntime(request, context);
  const { submission } = await readStaffForm(request, affiliateTwoFactorSchema);
  const hideFields = ["code"];
  if (submission.status !== "success") {
    await answerDelay(started);
    return formAnswer(FORM_ID, submission, { hideFields });
  }
  const { code, returnTo } = submission.value;
  const done = await completeAffiliateTwoFactor(affiliateAuthDeps(runtime), {
    code,
    ip: requestIp(request, context),
    userAgent: request.headers.get("user-agent") ?? undefined,
    cookieHeader: request.headers.get("cookie") ?? undefined,
  });
  await answerDelay(started);
  if (!done) {
    await recordAffiliateEvent(runtime.db, {
      affiliateId: null,
      eventType: "two_factor_failed",
      details: { method: "totp" },
    });
    return formAnswer(FORM_ID, submission, {
      formError: TWO_FACTOR_MESSAGES.wrongCode,
      status: 401,
      hideFields,
    });
  }
  return redirect(returnTo, { headers: cookieHeaders(done.setCookies) });
}

export default function AffiliateTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useStaffForm(affiliateTwoFactorSchema, { id: FORM_ID, actionData });
  return (
    <LoginFormFrame
      companyName={loaderData.companyName}
      area={PORTAL_AREA}
      copy={PORTAL_STEP.twoFactor}
      form={form}
      footer={<PortalLink to="/affiliate/login">Back to sign-in</PortalLink>}
    >
      <input type="hidden" name={fields.returnTo.name} value={loaderData.returnTo} />
      <FormCodeField
        field={fields.code}
        label="Six-digit code"
        hint="From the authenticator app you set up for the partner portal."
      />
    </LoginFormFrame>
  );
}
