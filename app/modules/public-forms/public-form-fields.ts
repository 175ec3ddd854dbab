/** The names of the fields every public form sends besides its own (client-safe). */

/** People never see this field; form-filling bots do. */
export const HONEYPOT_FIELD = "website";
/** When the form was served, signed (app/modules/leads/form-token.server.ts). */
export const FORM_TOKEN_FIELD = "formStartedAt";
/** Tracking parameters ride along as tracking.utm_source etc. ("source" is also a field). */
export const TRACKING_FIELD_PREFIX = "tracking.";
