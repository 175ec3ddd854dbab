import type { LeadStatus } from "~/db/schema";

/**
 * How the staff area names and colours a lead's status. Kept apart from the database
 * schema (which pulls in Drizzle) because the admin screens render these in the browser too.
 */

/** The sales pipeline in order, with the words staff read. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  appointment_set: "Appointment set",
  estimate_given: "Estimate given",
  won: "Won",
  lost: "Lost",
};

export const LEAD_STATUS_OPTIONS = (Object.keys(LEAD_STATUS_LABELS) as LeadStatus[]).map(
  (value) => ({ value, label: LEAD_STATUS_LABELS[value] }),
);

export const leadStatusLabel = (status: string): string =>
  LEAD_STATUS_LABELS[status as LeadStatus] ?? status;

export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

export function leadStatusTone(status: string): StatusTone {
  switch (status) {
    case "new":
      return "info";
    case "won":
      return "success";
    case "lost":
      return "danger";
    case "appointment_set":
    case "estimate_given":
      return "warning";
    default:
      return "neutral";
  }
}
