import type { Route } from "./+types/dashboard";
import { PageHeader } from "~/components/admin/ui";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Staff area" }];

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { name: staff.name };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Dashboard" description={`Welcome, ${loaderData.name}.`} />;
}
