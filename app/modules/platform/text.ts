/**
 * What text a person can have typed, as opposed to bytes an attacker sends: NUL (which the
 * database refuses) and lone UTF-16 surrogates (which are not Unicode text at all) never
 * reach a module; control and direction characters never shape a single-line field.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text with a NUL character or a lone surrogate. */
export const isAcceptableText = (text: string): boolean =>
  !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/** Control characters (C0, DEL, C1) and line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
/** Direction overrides, embeddings and isolates: they reorder what staff read. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * A single-line field as one line: control characters (newlines included) become spaces,
 * direction controls go, runs of spaces collapse and the ends are trimmed.
 */
export function singleLine(text: string): string {
  return text.replace(DIRECTION_CONTROL, "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** A name needs at least one letter or digit: invisible and control characters are not a name. */
export const hasVisibleCharacters = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
