// The embedded database's own thread (docs/decisions/021). PGlite runs each statement
// synchronously in WebAssembly; here that work takes this thread's time instead of the
// server's, which meanwhile answers pages. `pglite-thread.server.ts` is the other side: it
// sends each call as a message and gets its outcome back. Plain JavaScript so that Node runs
// this file as it is, from the source as from the build (which copies it beside the server
// bundle).
import { PGlite } from "@electric-sql/pglite";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ dataDir: string, options: import("@electric-sql/pglite").PGliteOptions }} */
const { dataDir, options } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** Open transactions by the id of the message that began them. */
const transactions = new Map();
/** Listeners' unsubscribe functions by the id of the message that started them. */
const listeners = new Map();

/** A thrown value as a plain object: the message and PostgreSQL's fields (code, detail...). */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    // A statement's parameters may be a visitor's personal data, and errors are logged.
    if (key === "params") continue;
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return fields;
}

/** Drizzle's parsers leave these types as text; the other side applies its own functions. */
function queryOptions(message) {
  const parsers = Object.fromEntries((message.textTypes ?? []).map((type) => [type, (v) => v]));
  return { rowMode: message.rowMode, parsers, paramTypes: message.paramTypes };
}

/** Begins a transaction and holds it open until its `end` message says commit or roll back. */
function begin(id) {
  return new Promise((begun, failedToBegin) => {
    const outcome = db.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          transactions.set(id, { tx, commit, rollBack, outcome });
          begun(undefined);
        }),
    );
    outcome.catch(failedToBegin);
  });
}

const ROLLED_BACK = Symbol("rolled back");

async function end(txId, commit) {
  const transaction = transactions.get(txId);
  if (!transaction?.tx) throw new Error("Transaction is closed");
  transactions.delete(txId);
  if (commit) {
    transaction.commit(undefined);
    await transaction.outcome;
    return;
  }
  transaction.rollBack(ROLLED_BACK);
  await transaction.outcome.catch((error) => {
    if (error !== ROLLED_BACK) throw error;
  });
}

/** The connection a statement runs on: its transaction's, or the database's. */
function target(txId) {
  if (txId === undefined) return db;
  const transaction = transactions.get(txId);
  if (!transaction?.tx) throw new Error("Transaction is closed");
  return transaction.tx;
}

async function handle(message) {
  switch (message.op) {
    case "query":
      return target(message.txId).query(message.text, message.params, queryOptions(message));
    case "exec":
      return target(message.txId).exec(message.text);
    case "begin":
      return begin(message.id);
    case "end":
      return end(message.txId, message.commit);
    case "listen": {
      const stop = await db.listen(message.channel, (payload) =>
        port.postMessage({ notify: message.id, payload }),
      );
      listeners.set(message.id, stop);
      return undefined;
    }
    case "unlisten": {
      const stop = listeners.get(message.listenId);
      listeners.delete(message.listenId);
      await stop?.();
      return undefined;
    }
    case "dump": {
      const file = await db.dumpDataDir(message.compression);
      return { transfer: await file.arrayBuffer() };
    }
    case "close":
      if (!db.closed) await db.close();
      return undefined;
    default:
      throw new Error(`Unknown operation: ${message.op}`);
  }
}

let db;
try {
  db = await PGlite.create(dataDir, options);
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: describeError(error) });
}

// Each call is answered as soon as it ends. PGlite runs statements one at a time itself, and
// a transaction's statements alone while it is open, as it does in the server's thread.
port.on("message", (message) => {
  handle(message).then(
    (result) => {
      if (result?.transfer) {
        port.postMessage({ id: message.id, ok: true, result: result.transfer }, [result.transfer]);
      } else {
        port.postMessage({ id: message.id, ok: true, result });
      }
    },
    (error) => port.postMessage({ id: message.id, ok: false, error: describeError(error) }),
  );
});
