/**
 * The block screen's words (docs/REQUIREMENTS.md R8.4), shared by the browser's screen and
 * the server's refusals (bot-check.server.ts re-exports them).
 */
export const BLOCK_TITLE = "Access Restricted";
export const BLOCK_RETRY = "Try Again";
export const BLOCK_EXPLANATION =
  "Our automated protection could not confirm this visit came from a person. If you are one, please try again, or call us.";
