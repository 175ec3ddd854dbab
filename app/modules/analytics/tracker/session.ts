/**
 * The analytics session (docs/REQUIREMENTS.md R9.6): its id lives in the lm_asid cookie (no
 * expiry: it ends with the browser), its start and last activity in local storage. A new
 * session starts when there is no id, after 30 minutes without activity, or 24 hours after
 * it began. Pure: the caller reads and writes the storage.
 */
export interface Session {
  id: string;
  /** When it began (ms). */
  started: number;
  /** The last event (ms). */
  last: number;
}

/** The session an event at `now` belongs to; `newId` names a new one when needed. */
export function nextSession(
  current: Partial<Session> | undefined,
  now: number,
  newId: () => string,
  idleMs: number,
  maxMs: number,
): Session & { isNew: boolean } {
  const { id, started, last } = current ?? {};
  const valid =
    id &&
    typeof started === "number" &&
    typeof last === "number" &&
    now - last < idleMs &&
    now - started < maxMs &&
    last <= now + idleMs;
  if (valid) return { id, started, last: Math.max(last, now), isNew: false };
  return { id: newId(), started: now, last: now, isNew: true };
}
