import { bigserial, serial, timestamp, uuid } from "drizzle-orm/pg-core";

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
