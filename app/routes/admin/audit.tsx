import type { Route } from "./+types/audit";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Staff area" }];

export default function Screen() {
  return <PageHeader title="Audit log" />;
}
