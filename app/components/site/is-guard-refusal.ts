import { isRouteErrorResponse } from "react-router";
import type { GuardRefusal } from "~/modules/staff/guard-refusal";

/** Whether an error is one of the staff guard's answers. */
export function isGuardRefusal(error: unknown): boolean {
  if (!isRouteErrorResponse(error)) return false;
  const reason = (error.data as Partial<GuardRefusal> | undefined)?.reason;
  return reason === "unauthenticated" || reason === "forbidden" || reason === "cross_site";
}
