import { redirect } from "react-router";

/** /affiliate is the portal's dashboard (docs/REQUIREMENTS.md R2.14); the guard runs there. */
export const loader = () => redirect("/affiliate/dashboard");
