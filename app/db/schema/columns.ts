import { bigserial, index, integer, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Column shapes most tables share. Each is a function: a column builder belongs to one
 * table, so every table gets its own.
 */

/** A point in time, stored with its time zone. */
export const instant = () => timestamp({ withTimezone: true });

/** A point in time that is "now" unless given. */
export const instantNow = () => instant().notNull().defaultNow();

/** When a row was made and last changed. */
export const timestamps = () => ({ createdAt: instantNow(), updatedAt: instantNow() });

export const serialId = () => serial().primaryKey();

export const bigserialId = () => bigserial({ mode: "number" }).primaryKey();

export const randomUuidId = () => uuid().primaryKey().defaultRandom();

/**
 * The columns of an outbox row (mail, lead webhooks): its status, starting at `waiting`,
 * and the bookkeeping of its attempts (app/modules/outbox/outbox.server.ts).
 */
export const outboxColumns = <Status extends string>(waiting: NoInfer<Status>) => ({
  status: text().$type<Status>().notNull().default(waiting),
  attempts: integer().notNull().default(0),
  nextAttemptAt: instantNow(),
  lastAttemptAt: instant(),
  lastError: text(),
});

/** The index an outbox's job handler and sweep find due rows by. */
export const outboxDueIndex = (
  name: string,
  table: { status: PgColumn; nextAttemptAt: PgColumn },
) => index(name).on(table.status, table.nextAttemptAt);
