import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorScreen } from "~/components/site/error-screen";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { STRINGS } from "~/modules/platform/strings";

/**
 * Every public page sits under this pathless route, so a failing page shows
 * "Something went wrong" inside the shared header and footer.
 */
export default function RouteBoundary() {
  return <Outlet />;
}

export function ErrorBoundary() {
  // A page whose content is not there (an unknown or unpublished blog post) says so.
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <ErrorScreen title={STRINGS.errors.routeTitle} />;
}
