import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigserialId, instant, instantNow, serialId, timestamps } from "./columns";

export const REDIRECT_TYPES = [301, 302, 307, 308, 410] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];

/**
 * A redirect rule, applied by the server before any page renders. fromPath is stored
 * normalised (lower case, no trailing slash); ending in "/*" it matches as a prefix and
 * the rest of the path is carried over to toPath's "/*". A 410 rule has no toPath.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: serialId(),
    fromPath: text().notNull(),
    toPath: text().notNull().default(""),
    type: integer().$type<RedirectType>().notNull().default(301),
    isActive: boolean().notNull().default(true),
    /** Counted in memory and added here every few seconds, not written per request. */
    hitCount: bigint({ mode: "number" }).notNull().default(0),
    lastHit: instant(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("redirects_from_path_idx").on(table.fromPath),
    check("redirects_type_known", sql`${table.type} in (301, 302, 307, 308, 410)`),
  ],
);

/**
 * Paths that answered 404 to people (bots left out), one row a path, so staff can see
 * broken links and redirect them. Purged by a job once not seen for a while.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    id: bigserialId(),
    path: text().notNull(),
    count: bigint({ mode: "number" }).notNull().default(0),
    firstSeen: instantNow(),
    lastSeen: instantNow(),
    /** Referrer (origin and path) to how many times it sent someone here; the top few kept. */
    referrers: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Set when staff dismiss it; a new hit after that brings it back. */
    dismissedAt: instant(),
  },
  (table) => [uniqueIndex("not_found_paths_path_idx").on(table.path)],
);

export type Redirect = typeof redirects.$inferSelect;
