import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** First-party analytics events. Never personal data: no names, e-mail, phone or IP. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    path: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("analytics_events_name_idx").on(table.name, table.createdAt)],
);
