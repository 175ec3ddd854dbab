import { describe, expect, it } from "vitest";
import { TRACKER_TIMINGS } from "../event-catalogue";
import { nextSession, type Session } from "./session";

const { sessionIdleMs, sessionMaxMs } = TRACKER_TIMINGS;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = 1_800_000_000_000;
const next = (current: Partial<Session> | undefined) =>
  nextSession(current, now, () => "new-session-id", sessionIdleMs, sessionMaxMs);

describe("the analytics session (R9.6: 30 minutes idle, 24 hours at most)", () => {
  it.each([
    { case: "nothing stored", current: undefined, isNew: true },
    {
      case: "no id (the cookie ended with the browser)",
      current: { started: now, last: now },
      isNew: true,
    },
    { case: "no activity stored", current: { id: "old", started: now - MINUTE }, isNew: true },
    {
      case: "active a minute ago",
      current: { id: "old", started: now - HOUR, last: now - MINUTE },
      isNew: false,
    },
    {
      case: "idle 29 minutes",
      current: { id: "old", started: now - HOUR, last: now - 29 * MINUTE },
      isNew: false,
    },
    {
      case: "idle 30 minutes",
      current: { id: "old", started: now - HOUR, last: now - 30 * MINUTE },
      isNew: true,
    },
    {
      case: "begun 23 h 59 ago, active",
      current: { id: "old", started: now - 24 * HOUR + MINUTE, last: now - MINUTE },
      isNew: false,
    },
    {
      case: "begun 24 h ago, active",
      current: { id: "old", started: now - 24 * HOUR, last: now - MINUTE },
      isNew: true,
    },
    {
      case: "activity far in the future",
      current: { id: "old", started: now, last: now + 2 * HOUR },
      isNew: true,
    },
  ])("$case: new session $isNew", ({ current, isNew }) => {
    const session = next(current);
    expect(session.isNew).toBe(isNew);
    expect(session.id).toBe(isNew ? "new-session-id" : "old");
    expect(session.last).toBe(isNew ? now : Math.max(now, current?.last ?? 0));
    if (isNew) expect(session.started).toBe(now);
    else expect(session.started).toBe(current?.started);
  });
});
