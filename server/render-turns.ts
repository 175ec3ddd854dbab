import pLimit from "p-limit";

/**
 * Pages (GET and HEAD) rendered `limit` at a time, the rest in the order they came; other
 * methods (form posts) run at once (docs/decisions/019-fast-page-hits.md). A render is mostly
 * CPU on the one thread: with 50 at once, each took longer and some waited many seconds,
 * while a few at a time keep the thread as busy and answer in turn.
 */
export function createRenderTurns(limit: number) {
  const inTurn = pLimit(limit);
  return <T>(method: string, render: () => Promise<T>): Promise<T> =>
    method === "GET" || method === "HEAD" ? inTurn(render) : render();
}
