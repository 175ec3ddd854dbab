import { jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";

/** Each run of the recurring housekeeping job, so operators (and tests) can see it runs. */
export const housekeepingRuns = pgTable("housekeeping_runs", {
  id: serial().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull(),
  finishedAt: timestamp({ withTimezone: true }).notNull(),
  results: jsonb().$type<Record<string, number>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
