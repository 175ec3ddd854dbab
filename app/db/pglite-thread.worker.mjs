// The embedded database's own thread (docs/decisions/021). PGlite runs each statement
// synchronously in WebAssembly; here that work takes this thread's time instead of the
// server's, which meanwhile answers pages. `pglite-thread.server.ts` is the other side: it
// sends each call as a message and gets its outcome back. Plain JavaScript so that Node runs
// this file as it is, from the source as from the build (which copies it beside the server
// bundle).
import { PGlite, parse, protocol } from "@electric-sql/pglite";
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

/** PGlite's parsers with some types left as text, by those types. */
const parserSets = new Map();

/**
 * Drizzle's parsers leave these types as text; the other side applies its own functions. The
 * full set is made once per list of types: PGlite merges a statement's own parsers into its
 * hundreds of defaults on every statement, which took more of this thread than any other part
 * of its JavaScript.
 */
function queryOptions(message) {
  const textTypes = message.textTypes ?? [];
  const key = textTypes.join(",");
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = { ...db.parsers };
    for (const type of textTypes) parsers[type] = (value) => value;
    parserSets.set(key, parsers);
  }
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

/**
 * Statements kept prepared (named) in the database, by their text and parameter types, the
 * most recently used last (docs/decisions/021). PGlite's own `query` parses, analyses and plans
 * each statement again and enters WebAssembly six times for it (parse, describe, bind,
 * describe, execute, sync); a kept statement is bound and run in one entry, its parameters'
 * types known from when it was prepared.
 */
const prepared = new Map();
/**
 * Each keeps its plan in the database's memory for good (about 30 KB for a join of two
 * tables). The statements a lead and the job queue run come back often enough to stay; a
 * staff screen's rarer ones come and go (browser tests of the staff screens: about 600
 * prepared on one server, 100 kept at a time), and preparing again costs less than PGlite's
 * `query` did every time.
 */
const MAX_PREPARED = 100;
let statementsPrepared = 0;

/** The protocol messages as one buffer, for a single entry into the database. */
function joined(messages) {
  const buffer = new Uint8Array(messages.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of messages) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

/** Runs protocol messages on the database as PGlite's own calls do, errors thrown. */
function run(messages) {
  return db.execProtocolStream(joined(messages), { syncToFs: false });
}

/** Prepares `text` under a new name, letting go of the least recently used beyond the limit. */
async function prepare(key, text, paramTypes) {
  const name = `lumen_${++statementsPrepared}`;
  const described = await run([
    protocol.serialize.parse({ name, text, types: paramTypes }),
    protocol.serialize.describe({ type: "S", name }),
    protocol.serialize.sync(),
  ]);
  const statement = { name, paramTypeIds: parse.parseDescribeStatementResults(described) };
  prepared.set(key, statement);
  if (prepared.size > MAX_PREPARED) {
    const [oldestKey, oldest] = prepared.entries().next().value;
    prepared.delete(oldestKey);
    // Names are never reused, so a close that fails (in a failed transaction) costs only memory.
    await run([
      protocol.serialize.close({ type: "S", name: oldest.name }),
      protocol.serialize.sync(),
    ]).catch(() => {});
  }
  return statement;
}

/**
 * What `PGlite.query` does, with the statement kept prepared: the same values (parameters
 * serialised by their types, rows parsed by PGlite's parsers), errors and locking. A
 * statement whose tables changed shape since it was prepared is prepared again.
 */
async function preparedQuery(connection, text, params = [], options) {
  if (connection !== db && connection.closed) throw new Error("Transaction is closed");
  const key = options.paramTypes?.length ? `${options.paramTypes.join(",")}:${text}` : text;
  const runOnce = () =>
    db._runExclusiveQuery(async () => {
      let statement = prepared.get(key);
      if (statement) {
        prepared.delete(key);
        prepared.set(key, statement);
      } else {
        statement = await prepare(key, text, options.paramTypes);
      }
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = db.serializers[statement.paramTypeIds[i]];
        return serializer ? serializer(param) : param.toString();
      });
      const messages = await run([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      if (connection === db) await db.syncToFs();
      return parse.parseResults(messages, options.parsers, { rowMode: options.rowMode })[0];
    });
  // Its tables changed shape since it was prepared (0A000), or the session lost it (26000).
  const forgetIfStale = (error) => {
    const stale = error?.code === "0A000" || error?.code === "26000";
    if (stale) prepared.delete(key);
    return stale;
  };
  const withQuery = (error) => {
    if (error && typeof error === "object") error.query = text;
    return error;
  };
  if (connection !== db) {
    return runOnce().catch((error) => {
      forgetIfStale(error);
      throw withQuery(error);
    });
  }
  return db._runExclusiveTransaction(() =>
    runOnce().catch((error) => {
      // Outside a transaction the failed statement did nothing: prepared again, run again.
      if (!forgetIfStale(error)) throw withQuery(error);
      return runOnce().catch((again) => {
        throw withQuery(again);
      });
    }),
  );
}

async function handle(message) {
  switch (message.op) {
    case "query":
      return preparedQuery(
        target(message.txId),
        message.text,
        message.params,
        queryOptions(message),
      );
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
