import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [{ title: "Set your password | Staff area" }];

export default function SetPassword() {
  return <h1>Set your password</h1>;
}
