import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Toast } from "~/components/admin/toast";
import { LoginFrame } from "~/components/admin/login-frame";
import { PORTAL_AREA, PortalLink } from "~/components/affiliate/portal-frame";
import { PortalShell } from "~/components/affiliate/portal-shell";
import { BotBlockScreen, useBotBlocked } from "~/components/site/bot-block-screen";
import { ErrorScreen } from "~/components/site/error-screen";
import { buttonClasses } from "~/components/ui/button";
import {
  affiliateGuard,
  requireAffiliate,
  type PortalRefusal,
} from "~/modules/affiliates/affiliate-guard.server";
import { usePortalAnalytics } from "~/modules/analytics/track";
import { runtimeContext } from "~/modules/platform/context";
import { STRINGS } from "~/modules/platform/strings";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { readFlash } from "~/modules/staff/flash.server";

/** Every portal page: the guard runs before any loader or action (docs/REQUIREMENTS.md R2.14). */
export const middleware: Route.MiddlewareFunction[] = [affiliateGuard];

export const meta: Route.MetaFunction = () => [
  { title: PORTAL_AREA },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const affiliate = requireAffiliate(context);
  const company = await getCompanySettings(context.get(runtimeContext).db);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      companyName: company.name,
      partner: { name: affiliate.name, code: affiliate.code },
      partnerId: affiliate.id,
      botProtection: company.botProtection,
      flash,
    },
    { headers },
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { companyName, partner, partnerId, botProtection, flash } = loaderData;
  usePortalAnalytics(partnerId);
  const blocked = useBotBlocked(botProtection);
  if (blocked) return <BotBlockScreen />;
  return (
    <PortalShell companyName={companyName} partner={partner}>
      <Outlet />
      {flash && <Toast key={flash.id} message={flash.message} tone={flash.tone} />}
    </PortalShell>
  );
}

/**
 * The guard's answers for a signed-in partner who may not use the portal (R8.3: the profile
 * could not be loaded; or their status), and any other failure of a portal page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refusal = isRouteErrorResponse(error)
    ? (error.data as PortalRefusal | undefined)
    : undefined;
  if (isRouteErrorResponse(error) && error.status === 403 && refusal?.message) {
    return (
      <LoginFrame companyName={PORTAL_AREA} title={refusal.message}>
        <p className="text-sm">
          <PortalLink to="/affiliate/login">Back to sign-in</PortalLink>
        </p>
      </LoginFrame>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <LoginFrame companyName={PORTAL_AREA} title="This page of the partner portal does not exist.">
        <Link to="/affiliate/dashboard" className={buttonClasses("primary", "lg")}>
          Back to the dashboard
        </Link>
      </LoginFrame>
    );
  }
  return <ErrorScreen title={STRINGS.errors.routeTitle} />;
}
