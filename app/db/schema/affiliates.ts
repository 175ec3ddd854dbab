import { pgTable, text } from "drizzle-orm/pg-core";
import { instantNow, randomUuidId } from "./columns";

/**
 * Referrers who send customers. Minimal for now: the code in their links and who they are;
 * the affiliate programme adds sign-in, commissions and payouts.
 */
export const affiliates = pgTable("affiliates", {
  id: randomUuidId(),
  /** The referral code in links (?aff=...): 1-50 letters, digits, underscores, hyphens. */
  code: text().notNull().unique(),
  name: text().notNull(),
  email: text().notNull().unique(),
  status: text().$type<"active" | "paused">().notNull().default("active"),
  createdAt: instantNow(),
});

export type Affiliate = typeof affiliates.$inferSelect;
