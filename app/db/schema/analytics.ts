import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, instantNow } from "./columns";

/** First-party analytics events. Never personal data: no names, e-mail, phone or IP. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserialId(),
    name: text().notNull(),
    path: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    createdAt: instantNow(),
  },
  (table) => [index("analytics_events_name_idx").on(table.name, table.createdAt)],
);
