/**
 * The block screen's words (docs/REQUIREMENTS.md R8.4), for the browser: the same as
 * bot-check.server.ts's, which the server's refusals use.
 */
export const BLOCK_TITLE = "Access Restricted";
export const BLOCK_RETRY = "Try Again";
export const BLOCK_EXPLANATION =
  "Our automated protection could not confirm this visit came from a person. If you are one, please try again, or call us.";
