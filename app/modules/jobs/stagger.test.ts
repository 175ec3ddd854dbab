import { describe, expect, it } from "vitest";
import { staggered } from "./stagger";

describe("staggered", () => {
  it("runs quick jobs one after another, in order", async () => {
    let running = 0;
    let mostAtOnce = 0;
    const order: number[] = [];
    const results = await Promise.all(
      staggered([1, 2, 3, 4, 5], async (job) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        order.push(job);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return job * 10;
      }),
    );
    expect(mostAtOnce).toBe(1);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results).toEqual([10, 20, 30, 40, 50]);
  });

  it("starts the next job beside one that does not finish", async () => {
    const hanging = new Promise<never>(() => {});
    const started = staggered(["stuck", "a", "b"], (job) =>
      job === "stuck" ? hanging : Promise.resolve(job),
    );
    // Without the stagger these would wait for the first job for ever (the test would time out).
    await expect(Promise.all(started.slice(1))).resolves.toEqual(["a", "b"]);
  });

  it("goes on after a job that fails, and gives each job its own outcome", async () => {
    const outcomes = await Promise.allSettled(
      staggered([1, 2, 3], async (job) => {
        if (job === 2) throw new Error("refused");
        return job;
      }),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
  });

  it("starts nothing for an empty batch", () => {
    expect(staggered([], () => Promise.reject(new Error("not called")))).toEqual([]);
  });
});
