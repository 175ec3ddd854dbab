/**
 * Slugs: the readable part of a post's, author's or category's address. Client-safe, so the
 * editor suggests the same slug the server would make.
 */

/** Lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;

/** Letters that are not an ASCII letter plus accents, so NFKD leaves them whole. */
const LETTERS_WITHOUT_ACCENT: Record<string, string> = {
  æ: "ae",
  ø: "o",
  œ: "oe",
  ß: "ss",
  ł: "l",
  đ: "d",
  þ: "th",
};

/**
 * A slug made from a title: accents dropped ("Café" → "cafe"), "&" read as "and",
 * apostrophes dropped ("Ada's" → "adas"), anything else that is not a letter or digit
 * becomes a hyphen; cut at a word boundary to at most 80 characters. Empty when the title
 * has no letters or digits.
 */
export function slugify(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[æøœßłđþ]/g, (letter) => LETTERS_WITHOUT_ACCENT[letter] ?? "")
    .replace(/&/g, " and ")
    .replace(/['’‘`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) break;
    slug = next;
  }
  // A first word longer than the limit on its own is cut rather than lost.
  return slug || (words[0] ?? "").slice(0, SLUG_MAX_LENGTH);
}

/**
 * The first of `base`, `base-2`, `base-3`… that `taken` does not hold: for a new post whose
 * title another post already uses.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
