import type { Route } from "./+types/leads-export";

export function loader(_args: Route.LoaderArgs) {
  return new Response("", { headers: { "Content-Type": "text/csv" } });
}
