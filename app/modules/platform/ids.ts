import { z } from "./zod";

/**
 * The largest value of a PostgreSQL `integer` column: the `serial` ids (posts, authors,
 * categories, reviews, redirects, QR codes, giveaways, visualizer options, webhook
 * endpoints) and the columns that refer to them. The database refuses a bigger one with an
 * error ("out of range for type integer"), so such an id is read as naming no row: the
 * answer is the same "not found" as for an id no row has. (`bigserial` ids are not read
 * with these.)
 */
export const MAX_INTEGER_ID = 2_147_483_647;

/**
 * A form's id of a row in an `integer` column: a whole number from 1 to MAX_INTEGER_ID;
 * anything else is refused with `message`.
 */
export const integerIdSchema = (message?: string) =>
  z.coerce.number(message).int(message).positive(message).max(MAX_INTEGER_ID, message);

/**
 * The id of a row in an `integer` column as an address gives it (a route parameter, a
 * query value such as `?edit=`): digits only, from 1 to MAX_INTEGER_ID; undefined for
 * anything else, which the caller answers as a row that does not exist.
 */
export function integerIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= MAX_INTEGER_ID ? id : undefined;
}
