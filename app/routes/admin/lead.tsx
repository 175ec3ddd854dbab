import type { Route } from "./+types/lead";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Lead | Staff area" }];

export default function Screen() {
  return <PageHeader title="Lead" />;
}
