/** What the staff guard tells the error screen when it turns someone away. */
export type GuardRefusal =
  | { reason: "unauthenticated"; returnTo: string }
  | { reason: "forbidden" }
  | { reason: "cross_site" };
