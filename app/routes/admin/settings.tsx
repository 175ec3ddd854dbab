import type { Route } from "./+types/settings";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Staff area" }];

export default function Screen() {
  return <PageHeader title="Settings" />;
}
