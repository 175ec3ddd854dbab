import { redirect } from "react-router";

/** /admin opens the dashboard (whose guard turns away whoever may not see it). */
export const loader = () => redirect("/admin/dashboard");
