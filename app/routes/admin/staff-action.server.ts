import type { RouterContextProvider } from "react-router";
import { runtimeContext } from "~/modules/platform/context";
import { requireActor } from "~/modules/staff/guard.server";

/**
 * What every staff screen's action starts from: the runtime, and the member acting (the
 * guard built it) for the module functions and their audit entries. See "How to add a
 * staff screen" in docs/ARCHITECTURE.md.
 */
export function staffAction(context: Readonly<RouterContextProvider>) {
  return { runtime: context.get(runtimeContext), actor: requireActor(context) };
}
