/**
 * Group commit (docs/decisions/018): requests that arrive while a batch is being written
 * wait for it and are then written together, in one transaction with one statement per kind
 * of row. An idle server writes a request at once, alone, so nothing waits that would not
 * have waited anyway; a busy one pays a transaction's round trips per batch instead of per
 * request.
 */
export interface GroupCommitOptions<I, O> {
  /** Writes a batch, answering each item in order; throws to fail the whole batch. */
  write(items: I[]): Promise<O[]>;
  /** The most items in one batch. */
  maxBatch: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export function createGroupCommit<I, O>(
  options: GroupCommitOptions<I, O>,
): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let writing = false;

  async function writeBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await options.write(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} was answered with ${results.length}`);
      }
      batch.forEach((entry, index) => entry.resolve(results[index] as O));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad item must not fail the others: each is written again on its own.
      for (const entry of batch) await writeBatch([entry]);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, options.maxBatch));
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
