import { Outlet } from "react-router";
import { ErrorScreen } from "~/components/site/error-screen";
import { STRINGS } from "~/modules/platform/strings";

/**
 * Every public page sits under this pathless route, so a failing page shows
 * "Something went wrong" inside the shared header and footer.
 */
export default function RouteBoundary() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorScreen title={STRINGS.errors.routeTitle} />;
}
