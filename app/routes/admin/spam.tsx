import type { Route } from "./+types/spam";
import { PageHeader } from "~/components/admin/ui";

export const meta: Route.MetaFunction = () => [{ title: "Spam | Staff area" }];

export default function Screen() {
  return <PageHeader title="Spam" />;
}
