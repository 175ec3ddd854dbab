import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Gives a burst's memory back once the server is quiet again (docs/decisions/018). V8 grows
 * its heap to carry a burst of requests and keeps the garbage they leave until its next
 * full collection, which an idle server never reaches: hundreds of megabytes stay resident
 * for hours. So the process watches its event loop and its heap, and runs a full collection
 * when it is quiet and the heap holds much more than the last collection left. It costs a
 * few tens of milliseconds, only when nothing else is waiting.
 */

/**
 * How often the event loop's use is looked at: often enough that a burst's memory is given
 * back a second or two after it ends.
 */
const CHECK_EVERY_MS = 1_000;
/**
 * Below this share of a check's interval spent working, quiet enough to collect. Not zero:
 * an idle server still polls its job queue, a few percent of the time on the embedded
 * database.
 */
const IDLE_UTILIZATION = 0.1;
/**
 * Growth of the heap in use since the last collection that is worth a collection. A
 * request's garbage is small; a busy spell leaves tens of megabytes. Growth, not business,
 * decides: a quiet moment in the middle of a spell would otherwise use up its one
 * collection while the rest of the spell's garbage stayed.
 */
const GROWTH_BYTES = 16 * 1024 * 1024;

export interface IdleCollection {
  stop(): void;
}

/** Whether to collect now, from one check's event-loop use and heap in use. */
export function shouldCollect(
  heapUsedAfterLastCollection: number,
  utilization: number,
  heapUsed: number,
): boolean {
  return utilization < IDLE_UTILIZATION && heapUsed - heapUsedAfterLastCollection >= GROWTH_BYTES;
}

/**
 * V8's full collection, as `global.gc()` runs it, without starting node with --expose-gc,
 * and with compaction: without it the live objects stay spread over the pages the burst
 * filled, so the heap keeps its size (measured: 221 MB held for 23 MB live; with
 * compaction 56 MB). V8 unmaps the emptied pages within a second, so the memory goes back
 * to the system. The flag is set only for this collection; V8 decides for the others.
 */
function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  return () => {
    setFlagsFromString("--compact-on-every-full-gc");
    try {
      gc();
    } finally {
      setFlagsFromString("--no-compact-on-every-full-gc");
    }
  };
}

export function startIdleCollection(
  onCollected?: (details: { freedBytes: number; ms: number }) => void,
): IdleCollection {
  const collect = fullCollection();
  // The start itself (migrations, seeding, the first jobs) left its garbage too.
  let heapUsedAfterLastCollection = 0;
  let previous = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, previous);
    previous = current;
    const before = process.memoryUsage().heapUsed;
    if (!shouldCollect(heapUsedAfterLastCollection, utilization, before)) return;
    const started = performance.now();
    collect();
    heapUsedAfterLastCollection = process.memoryUsage().heapUsed;
    // The collection itself must not count as the next interval's work.
    previous = performance.eventLoopUtilization();
    onCollected?.({
      freedBytes: before - heapUsedAfterLastCollection,
      ms: performance.now() - started,
    });
  }, CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
