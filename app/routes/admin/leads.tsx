import type { Route } from "./+types/leads";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Leads | Staff area" }];

export default function Screen() {
  return <PageHeader title="Leads" />;
}
