import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { instant, instantNow } from "./columns";

/** Fixed-window counters shared by every server instance (lead submissions, sign-in). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull().default(0),
    createdAt: instantNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * Consultation-form tokens already spent on a stored request: a token serves one request,
 * so a captured form cannot be replayed. Kept a day, as long as a token lives.
 */
export const usedFormTokens = pgTable("used_form_tokens", {
  /** SHA-256 of the token, so the table holds nothing that could be posted again. */
  tokenHash: text().primaryKey(),
  createdAt: instantNow(),
});
