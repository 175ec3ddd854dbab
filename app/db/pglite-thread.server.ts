import type { PGliteOptions, QueryOptions, Results } from "@electric-sql/pglite";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The embedded database in a thread of its own (docs/decisions/021), as the part of PGlite's
 * interface that Drizzle, the job queue and the backups use. Each call goes to
 * `pglite-thread.worker.mjs` as a message and its outcome comes back; the statements' work
 * (PostgreSQL in WebAssembly, and PGlite's protocol handling) takes that thread's time, so the
 * server's thread goes on answering requests meanwhile, and a second core is used.
 */
export interface PGliteThread extends PGliteConnection {
  transaction<T>(work: (tx: PGliteConnection) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: "none" | "gzip" | "auto"): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** What a transaction and the database both offer. */
export interface PGliteConnection {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/** Next to this module in the source, and next to the server bundle in the build. */
const WORKER_FILE = path.join(import.meta.dirname, "pglite-thread.worker.mjs");

interface Outcome {
  id?: number;
  ok?: boolean;
  result?: unknown;
  error?: Record<string, unknown>;
  ready?: boolean;
  notify?: number;
  payload?: string;
}

/** An error from the database's thread, with PostgreSQL's fields (code, detail...) kept. */
function errorFrom(fields: Record<string, unknown> | undefined): Error {
  const error = new Error(String(fields?.message ?? "The embedded database failed"));
  return Object.assign(error, fields);
}

/** Starts the thread and opens `dataDir` there; rejects as PGlite.create would. */
export async function openPGliteThread(
  dataDir: string,
  options: PGliteOptions,
): Promise<PGliteThread> {
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, options } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closed = false;
  let whenIdle: (() => void)[] = [];
  const nothingPending = () => {
    worker.unref();
    const waiting = whenIdle;
    whenIdle = [];
    for (const done of waiting) done();
  };

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      stopped = error;
      worker.off("error", failed).off("exit", exited).off("message", ready);
      reject(error);
    };
    const exited = () => failed(new Error("The embedded database's thread stopped"));
    const ready = (message: Outcome) => {
      if (!message.ready) {
        void worker.terminate();
        return failed(errorFrom(message.error));
      }
      worker.off("error", failed).off("exit", exited);
      resolve();
    };
    worker.once("error", failed).once("exit", exited).once("message", ready);
  });

  // The thread keeps the process alive only while a call waits for it, as a socket would.
  worker.unref();
  worker.on("message", (message: Outcome) => {
    if (message.notify !== undefined) {
      listeners.get(message.notify)?.(message.payload ?? "");
      return;
    }
    const call = pending.get(message.id!);
    if (!call) return;
    pending.delete(message.id!);
    if (message.ok) call.resolve(message.result);
    else call.reject(errorFrom(message.error));
    if (pending.size === 0) nothingPending();
  });
  // A thread that fails (PostgreSQL aborting in WebAssembly, say) fails every call from then
  // on with its reason; /readyz then answers 503 and a supervisor restarts the server.
  worker.on("error", (error) => {
    stopped ??= error;
  });
  worker.on("exit", () => {
    stopped ??= new Error("The embedded database's thread stopped");
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
    nothingPending();
  });

  const send = <T>(message: Record<string, unknown>, id = nextId++): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  /** Resolves once every call made so far has its answer; `close` waits for it. */
  const settled = () =>
    pending.size === 0 ? Promise.resolve() : new Promise<void>((done) => whenIdle.push(done));

  const connection = (txId?: number): PGliteConnection => ({
    async query<T>(text: string, params?: unknown[], options?: QueryOptions) {
      if (options?.serializers || options?.blob || options?.onNotice) {
        throw new Error("serializers, blob and onNotice do not cross to the database's thread");
      }
      const parsers = options?.parsers ?? {};
      const result = await send<Results<T>>({
        op: "query",
        txId,
        text,
        params,
        rowMode: options?.rowMode,
        paramTypes: options?.paramTypes,
        textTypes: Object.keys(parsers).map(Number),
      });
      applyParsers(result, parsers, options?.rowMode ?? "object");
      return result;
    },
    exec: (text: string) => send<Results[]>({ op: "exec", txId, text }),
  });

  return {
    ...connection(),
    async transaction<T>(work: (tx: PGliteConnection) => Promise<T>): Promise<T> {
      const txId = nextId++;
      await send({ op: "begin" }, txId);
      // Once ended, the thread answers its statements "Transaction is closed", as PGlite does.
      const tx = connection(txId);
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        await send({ op: "end", txId, commit: false }).catch(() => {});
        throw error;
      }
      // A commit that fails is not rolled back again: the thread has ended it either way.
      await send({ op: "end", txId, commit: true });
      return result;
    },
    async listen(channel, callback) {
      const listenId = nextId++;
      listeners.set(listenId, callback);
      try {
        await send({ op: "listen", channel }, listenId);
      } catch (error) {
        listeners.delete(listenId);
        throw error;
      }
      return async () => {
        listeners.delete(listenId);
        await send({ op: "unlisten", listenId });
      };
    },
    async dumpDataDir(compression) {
      return new Blob([await send<ArrayBuffer>({ op: "dump", compression })]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await settled();
      try {
        await send({ op: "close" });
      } finally {
        await worker.terminate();
      }
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * The thread leaves the columns of the types `parsers` names as text (functions do not cross
 * threads); here they go through those functions, as PGlite would have passed them.
 */
function applyParsers(
  result: Results<unknown>,
  parsers: NonNullable<QueryOptions["parsers"]>,
  rowMode: "array" | "object",
) {
  if (Object.keys(parsers).length === 0) return;
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === "array" ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === "string") row[key] = parse(value);
    }
  });
}
