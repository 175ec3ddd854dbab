import type { LeadFieldErrors, LeadFormValues } from "./lead-fields";

/**
 * Where the consultation form posts, and its own hidden field; those of every public form
 * are in app/modules/public-forms/public-form-fields.ts.
 */
export const LEAD_FORM_ACTION = "/api/leads";
/** A visualizer design, as its share link's query (docs/REQUIREMENTS.md R15.5). */
export const VISUALIZER_DESIGN_FIELD = "visualizerDesign";

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
  /**
   * The page the form was first sent from, sent again with it: shown again without
   * JavaScript, the form is on /api/leads, which is not where the visitor asked.
   */
  pagePath?: string;
}
