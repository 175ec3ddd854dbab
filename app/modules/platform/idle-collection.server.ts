import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Gives a burst's memory back once the server is quiet again (docs/decisions/018). V8 grows
 * its heap to carry a burst of requests and keeps the garbage they leave until its next
 * full collection, which an idle server never reaches: hundreds of megabytes stay resident
 * for hours. So the process watches its event loop and runs one full collection after
 * every busy period, as soon as a check finds it idle. It costs a few tens of milliseconds,
 * only when nothing else is waiting.
 */

/** How often the event loop's use is looked at. */
const CHECK_EVERY_MS = 5_000;
/** Above this share of a check's interval spent working, the process was busy. */
const BUSY_UTILIZATION = 0.2;
/**
 * Below it, quiet enough to collect. Not zero: an idle server still polls its job queue,
 * a few percent of the time on the embedded database.
 */
const IDLE_UTILIZATION = 0.1;

export interface IdleCollection {
  stop(): void;
}

/** What to decide from one check: `collect` runs the full collection now. */
export function idleCollectionStep(
  state: { busySinceCollection: boolean },
  utilization: number,
): { busySinceCollection: boolean; collect: boolean } {
  if (utilization >= BUSY_UTILIZATION) return { busySinceCollection: true, collect: false };
  if (utilization < IDLE_UTILIZATION && state.busySinceCollection) {
    return { busySinceCollection: false, collect: true };
  }
  return { busySinceCollection: state.busySinceCollection, collect: false };
}

/**
 * V8's full collection, as `global.gc()` runs it, without starting node with --expose-gc.
 * V8 unmaps the pages it empties within a second, so the memory goes back to the system.
 */
function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

export function startIdleCollection(
  onCollected?: (details: { freedBytes: number; ms: number }) => void,
): IdleCollection {
  const collect = fullCollection();
  // The start itself (migrations, seeding, the first jobs) was a busy spell.
  let state = { busySinceCollection: true };
  let previous = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, previous);
    previous = current;
    const step = idleCollectionStep(state, utilization);
    state = { busySinceCollection: step.busySinceCollection };
    if (!step.collect) return;
    const before = process.memoryUsage().heapTotal;
    const started = performance.now();
    collect();
    // The collection itself must not count as the next interval's work.
    previous = performance.eventLoopUtilization();
    onCollected?.({
      freedBytes: before - process.memoryUsage().heapTotal,
      ms: performance.now() - started,
    });
  }, CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
