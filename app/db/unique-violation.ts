/**
 * PostgreSQL's unique_violation (23505), as either driver reports it, possibly wrapped by
 * Drizzle in errors of its own: a row another request took a moment earlier.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let cause = error; cause && typeof cause === "object" && !seen.has(cause);) {
    seen.add(cause);
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
