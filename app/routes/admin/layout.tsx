import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/components/admin/admin-shell";
import { StaffErrorScreen } from "~/components/admin/staff-error-screen";
import { Toast } from "~/components/admin/toast";
import { useIdentify } from "~/modules/analytics/track";
import { runtimeContext } from "~/modules/platform/context";
import { getCompanySettings } from "~/modules/settings/settings.server";
import { readFlash } from "~/modules/staff/flash.server";
import { requireStaff, staffGuard } from "~/modules/staff/guard.server";
import { navigationFor } from "~/modules/staff/permissions";

/** Every /admin page but the sign-in pages: the guard runs before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export const meta: Route.MetaFunction = () => [
  { title: "Staff area" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = context.get(runtimeContext);
  const company = await getCompanySettings(db);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      companyName: company.name,
      user: { name: staff.name, email: staff.email, role: staff.role, avatar: staff.avatar },
      staffId: staff.id,
      navigation: navigationFor(staff.role),
      flash,
    },
    { headers },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { companyName, user, navigation, flash, staffId } = loaderData;
  useIdentify("staff", staffId);
  return (
    <AdminShell companyName={companyName} navigation={navigation} user={user}>
      <Outlet />
      {flash && <Toast key={flash.id} message={flash.message} tone={flash.tone} />}
    </AdminShell>
  );
}

/** Errors of staff pages (their loaders and actions) keep the staff area's screens. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffErrorScreen error={error} />;
}
