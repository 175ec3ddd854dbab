import { z } from "~/modules/platform/zod";

/** Pieces every filtered staff list shares: its fields, its search pattern and its links. */

/** A filter field from the query string: blank is no filter; text is trimmed. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim() : undefined),
    schema.optional(),
  );

/** The longest free-text search (`q`) a list accepts. */
export const SEARCH_MAX_LENGTH = 200;

/** A list's free-text search, `q`. */
export const searchFilter = optionalFilter(
  z.string().max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters`),
);

/** `text` as an ILIKE pattern that matches it anywhere, with its own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A list's filter as a query string in the order of `keys` (stable links), leaving out
 * what is not set, then `extra` (a page number, say); "" when nothing is left.
 */
export function filterQueryString<K extends string>(
  keys: readonly K[],
  filter: Partial<Record<K, string | number | undefined>>,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filter[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
