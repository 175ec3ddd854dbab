import type { LeadFieldErrors, LeadFormValues } from "./lead-fields";

/** Where the consultation form posts, and the names of its hidden fields. */
export const LEAD_FORM_ACTION = "/api/leads";
/** People never see this field; form-filling bots do. */
export const HONEYPOT_FIELD = "website";
export const FORM_TOKEN_FIELD = "formStartedAt";
/** A visualizer design, as its share link's query (docs/REQUIREMENTS.md R15.5). */
export const VISUALIZER_DESIGN_FIELD = "visualizerDesign";
/** Tracking parameters ride along as tracking.utm_source etc. ("source" is also a field). */
export const TRACKING_FIELD_PREFIX = "tracking.";

/** What POST /api/leads answers when it does not send the visitor on to /thank-you. */
export interface LeadActionResult {
  values?: LeadFormValues;
  errors?: LeadFieldErrors;
  /** A problem with the whole request (rate limit, database unavailable, stale form). */
  formError?: string;
  /** The token to send the form again with: the same one, or a fresh one if it had expired. */
  formToken?: string;
  /** The visualizer design the form carried, sent back with it. */
  visualizerDesign?: string;
}
