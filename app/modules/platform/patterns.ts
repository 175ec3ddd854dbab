/**
 * Shapes and constants more than one part of the product checks against, kept once so
 * the browser's checks, the server's and the database's never disagree.
 */

/** An e-mail address as the forms accept it: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id of ours (a UUID), checked before it reaches a query. */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID_PATTERN.test(value);

/** The company works in New England: staff read dates and days in this zone. */
export const COMPANY_TIME_ZONE = "America/New_York";
