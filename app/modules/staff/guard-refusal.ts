/**
 * What the staff guard tells the error screen (or, for a resource route, the client) when
 * it turns someone away; `message` is the text of docs/REQUIREMENTS.md R6.2.
 */
export type GuardRefusal =
  | { reason: "unauthenticated"; returnTo: string; message: string }
  | { reason: "forbidden"; message: string }
  | { reason: "cross_site"; message: string };
