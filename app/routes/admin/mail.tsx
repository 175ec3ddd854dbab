import type { Route } from "./+types/mail";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Mail log | Staff area" }];

export default function Screen() {
  return <PageHeader title="Mail log" />;
}
