/**
 * At most `perTurn` callers go ahead in one turn of the event loop; the others wait, in
 * order, for the next turns (docs/decisions/018). The page cache answers its hits through
 * it: during a flood of page requests a turn otherwise answers one on every ready
 * connection, and a consultation request's database round trips, one per turn, each wait
 * for all of them. With the hits spread over turns, a turn stays short and the leads move
 * on, while the pages are answered at the same rate (the machine is busy either way). An
 * idle server answers at once.
 */
export function createTurnBudget(perTurn: number): () => Promise<void> | undefined {
  let left = perTurn;
  const waiting: (() => void)[] = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };

  function nextTurn() {
    scheduled = false;
    const released = waiting.splice(0, perTurn);
    left = perTurn - released.length;
    for (const release of released) release();
    if (waiting.length > 0 || left < perTurn) schedule();
  }

  /** Undefined: go ahead now. A promise: go ahead when it resolves. */
  return () => {
    if (left > 0 && waiting.length === 0) {
      left -= 1;
      schedule();
      return undefined;
    }
    const turn = new Promise<void>((resolve) => waiting.push(resolve));
    schedule();
    return turn;
  };
}
