import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { hitRateLimit } from "./rate-limit.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const rule = { limit: 3, windowMs: 60_000 };
let keyCount = 0;
const newKey = () => `test:rate-limit:${++keyCount}:${Date.now()}`;

describe("hitRateLimit", () => {
  it("allows the limit within a window and refuses the next, until the window has passed", async () => {
    const key = newKey();
    // At the very start of a window, so the previous one (empty) does not weigh in.
    const start = new Date(Math.ceil(Date.now() / rule.windowMs) * rule.windowMs);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, key, rule, start));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3]?.retryAfterMs).toBe(rule.windowMs);
    // Two windows later nothing of these hits is left.
    const later = new Date(start.getTime() + 2 * rule.windowMs);
    expect(await hitRateLimit(database.db, key, rule, later)).toEqual({
      allowed: true,
      count: 1,
      retryAfterMs: 0,
    });
  });

  it("weighs the previous window by how much of it the sliding window still covers", async () => {
    const key = newKey();
    const windowStart = Math.ceil(Date.now() / rule.windowMs) * rule.windowMs;
    for (let i = 0; i < 3; i++) await hitRateLimit(database.db, key, rule, new Date(windowStart));
    // A quarter into the next window, three quarters of the previous one's 3 hits count: 2.
    const quarterIn = new Date(windowStart + rule.windowMs + rule.windowMs / 4);
    const result = await hitRateLimit(database.db, key, rule, quarterIn);
    expect(result).toMatchObject({ allowed: true, count: 3 });
    const refused = await hitRateLimit(database.db, key, rule, quarterIn);
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfterMs).toBe((rule.windowMs * 3) / 4);
  });

  it("refuses just after a window starts a caller who used up the limit just before", async () => {
    const key = newKey();
    const nextWindow = Math.ceil(Date.now() / rule.windowMs) * rule.windowMs + rule.windowMs;
    for (let i = 0; i < 3; i++) {
      const hit = await hitRateLimit(database.db, key, rule, new Date(nextWindow - 1_000));
      expect(hit.allowed).toBe(true);
    }
    // Two seconds later all three hits are within the last minute: this is the fourth.
    const refused = await hitRateLimit(database.db, key, rule, new Date(nextWindow + 1_000));
    expect(refused).toMatchObject({ allowed: false, count: 4 });
  });

  it("keeps each key apart", async () => {
    const [first, second] = [newKey(), newKey()];
    const at = new Date(Math.ceil(Date.now() / rule.windowMs) * rule.windowMs);
    for (let i = 0; i < 4; i++) await hitRateLimit(database.db, first, rule, at);
    expect(await hitRateLimit(database.db, second, rule, at)).toMatchObject({
      allowed: true,
      count: 1,
    });
  });
});
