import { isRouteErrorResponse, Link } from "react-router";
import { STAFF_STRINGS } from "~/modules/staff/staff-strings";
import { ErrorScreen } from "~/components/site/error-screen";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { STRINGS } from "~/modules/platform/strings";
import type { GuardRefusal } from "~/modules/staff/guard-refusal";

/** The guard's answers (docs/REQUIREMENTS.md R6.2), and any other failure of a staff page. */
export function StaffErrorScreen({ error }: { error: unknown }) {
  const refusal = isRouteErrorResponse(error)
    ? (error.data as GuardRefusal | undefined)
    : undefined;
  if (isRouteErrorResponse(error) && error.status === 401) {
    const returnTo = refusal?.reason === "unauthenticated" ? refusal.returnTo : "/admin/dashboard";
    return (
      <GuardScreen message={STAFF_STRINGS.guard.accessDenied}>
        <Link
          to={`/admin/login?returnTo=${encodeURIComponent(returnTo)}`}
          className={buttonClasses("primary", "lg")}
        >
          <Icon name="lock" className="size-5" />
          Log in
        </Link>
      </GuardScreen>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <GuardScreen
        message={
          refusal?.reason === "cross_site"
            ? "Cross-site request refused."
            : STAFF_STRINGS.guard.insufficientPermissions
        }
      >
        <Link to="/admin/dashboard" className={buttonClasses("primary", "lg")}>
          Back to the dashboard
        </Link>
      </GuardScreen>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <GuardScreen message="This page of the staff area does not exist.">
        <Link to="/admin/dashboard" className={buttonClasses("primary", "lg")}>
          Back to the dashboard
        </Link>
      </GuardScreen>
    );
  }
  return <ErrorScreen title={STRINGS.errors.routeTitle} />;
}

function GuardScreen({ message, children }: { message: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-6">
      <div role="alert" className="flex max-w-lg flex-col items-center gap-6 text-center">
        <Icon name="shield-check" className="size-10 text-brass" />
        <h1 className="font-sans text-2xl font-semibold">{message}</h1>
        {children}
      </div>
    </main>
  );
}

export default StaffErrorScreen;
