import { createContext } from "react-router";
import type { StaffUser } from "./staff.server";

/** The signed-in staff member, set by the staff guard for every /admin loader and action. */
export const staffContext = createContext<StaffUser | null>(null);
