import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instantNow, serialId } from "./columns";
import type { FormAttribution } from "./marketing";

/** Customer reviews shown on the site; staff moderate them (published) in the admin area. */
export const reviews = pgTable(
  "reviews",
  {
    id: serialId(),
    name: text().notNull(),
    town: text().notNull(),
    rating: integer().notNull(),
    text: text().notNull(),
    service: text().notNull(),
    reviewedOn: date({ mode: "string" }).notNull(),
    /** Where the review was left: our site, a review platform, or "Demo" for sample content. */
    source: text().notNull(),
    published: boolean().notNull().default(true),
    /** Left on /leave-review: whether the reviewer agreed to its publication. */
    consentToPublish: boolean().notNull().default(true),
    /** Left on /leave-review: how to reach the reviewer (optional, never published). */
    contactEmail: text(),
    contactPhone: text(),
    /** Left on /leave-review: where the reviewer came from. */
    attribution: jsonb().$type<FormAttribution>(),
    createdAt: instantNow(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    index("reviews_published_date_idx").on(table.published, table.reviewedOn),
  ],
);

export type Review = typeof reviews.$inferSelect;
