import { describe, expect, it } from "vitest";
import { idleCollectionStep } from "./idle-collection.server";

describe("idleCollectionStep (docs/decisions/018)", () => {
  it("collects once after a busy period, as soon as the process is quiet", () => {
    let state = { busySinceCollection: false };
    const steps = [0.02, 0.9, 1, 0.5, 0.04, 0.03, 0.05].map((utilization) => {
      const step = idleCollectionStep(state, utilization);
      state = { busySinceCollection: step.busySinceCollection };
      return step.collect;
    });
    expect(steps).toEqual([false, false, false, false, true, false, false]);
  });

  it("waits while the load only eases off, and never collects on a process that stays quiet", () => {
    expect(idleCollectionStep({ busySinceCollection: true }, 0.15)).toEqual({
      busySinceCollection: true,
      collect: false,
    });
    expect(idleCollectionStep({ busySinceCollection: false }, 0.15).collect).toBe(false);
    expect(idleCollectionStep({ busySinceCollection: false }, 0).collect).toBe(false);
  });
});
