import { createContext } from "react-router";
import type { Actor } from "~/modules/audit/actor";
import type { StaffUser } from "./staff.server";

/**
 * The signed-in staff member and the actor their changes are recorded under, set by the
 * staff guard for every guarded /admin loader and action.
 */
export const staffContext = createContext<{ staff: StaffUser; actor: Actor } | null>(null);
