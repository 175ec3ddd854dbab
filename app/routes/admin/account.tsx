import type { Route } from "./+types/account";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "My account | Staff area" }];

export default function Screen() {
  return <PageHeader title="My account" />;
}
