import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.server";

/** A writer whose batches finish when told, recording what each held. */
function controlledWriter(fail: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      pending.push(() =>
        items.some(fail)
          ? reject(new Error(`bad item in ${items.join(",")}`))
          : resolve(items.map((item) => `stored ${item}`)),
      );
    });
  };
  const finishNext = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, finishNext };
}

describe("createGroupCommit (docs/decisions/018)", () => {
  it("writes a request at once when idle, and what arrives meanwhile together afterwards", async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({ write: writer.write, maxBatch: 10 });
    const first = commit(1);
    expect(writer.batches).toEqual([[1]]);
    const later = [commit(2), commit(3), commit(4)];
    expect(writer.batches).toEqual([[1]]);
    await writer.finishNext();
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
    await writer.finishNext();
    expect(await first).toBe("stored 1");
    expect(await Promise.all(later)).toEqual(["stored 2", "stored 3", "stored 4"]);
  });

  it("keeps batches to their largest size", async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({ write: writer.write, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => commit(item));
    for (let step = 0; step < 3; step += 1) await writer.finishNext();
    expect(writer.batches).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it("writes each item of a failed batch on its own, so only the bad one fails", async () => {
    const writer = controlledWriter((item) => item === 3);
    const commit = createGroupCommit({ write: writer.write, maxBatch: 10 });
    const all = [1, 2, 3, 4].map((item) => commit(item).catch((error: Error) => error.message));
    for (let step = 0; step < 6; step += 1) await writer.finishNext();
    expect(writer.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(all)).toEqual(["stored 1", "stored 2", "bad item in 3", "stored 4"]);
  });
});
