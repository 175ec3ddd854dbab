import { jsonb, pgTable } from "drizzle-orm/pg-core";
import { instant, instantNow, serialId } from "./columns";

/** Each run of the recurring housekeeping job, so operators (and tests) can see it runs. */
export const housekeepingRuns = pgTable("housekeeping_runs", {
  id: serialId(),
  startedAt: instant().notNull(),
  finishedAt: instant().notNull(),
  results: jsonb().$type<Record<string, number>>().notNull(),
  createdAt: instantNow(),
});
