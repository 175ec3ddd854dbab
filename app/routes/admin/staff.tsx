import type { Route } from "./+types/staff";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Staff | Staff area" }];

export default function Screen() {
  return <PageHeader title="Staff" />;
}
