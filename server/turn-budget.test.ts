import { describe, expect, it } from "vitest";
import { createTurnBudget } from "./turn-budget";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("createTurnBudget (docs/decisions/018)", () => {
  it("lets the first callers of a turn go at once and the rest, in order, in later turns", async () => {
    const budget = createTurnBudget(2);
    const served: number[] = [];
    for (let caller = 1; caller <= 5; caller += 1) {
      const turn = budget();
      if (turn === undefined) served.push(caller);
      else void turn.then(() => served.push(caller));
    }
    expect(served).toEqual([1, 2]);
    await nextTurn();
    expect(served).toEqual([1, 2, 3, 4]);
    await nextTurn();
    expect(served).toEqual([1, 2, 3, 4, 5]);
  });

  it("starts every turn with a full budget once the waiting callers are served", async () => {
    const budget = createTurnBudget(2);
    expect(budget()).toBeUndefined();
    expect(budget()).toBeUndefined();
    expect(budget()).toBeInstanceOf(Promise);
    await nextTurn();
    await nextTurn();
    expect(budget()).toBeUndefined();
    expect(budget()).toBeUndefined();
  });
});
