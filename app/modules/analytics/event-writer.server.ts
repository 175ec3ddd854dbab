import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { NewAnalyticsEvent } from "~/db/schema";

/**
 * Group commit of analytics events (docs/decisions/013): each request hands its rows to
 * the writer and waits; the writer stores everything waiting as one multi-row INSERT
 * (one transaction) as soon as it holds `maxRows` rows, or `delayMs` after the first
 * arrived, and while one INSERT runs the next requests gather for the following one. A
 * burst of requests thus costs a few transactions, and a request's answer still means its
 * events are stored. When the INSERT fails, every request in it is told so (and answers
 * 503; the tracker sends again).
 */
export interface EventWriterOptions {
  /** Rows that make one INSERT go at once (and the most one INSERT carries, bar one request). */
  maxRows?: number;
  /** How long the first waiting rows wait for company. */
  delayMs?: number;
}

interface Waiting {
  rows: NewAnalyticsEvent[];
  resolve(): void;
  reject(error: unknown): void;
}

export class EventWriter {
  private waiting: Waiting[] = [];
  private waitingRows = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private readonly maxRows: number;
  private readonly delayMs: number;
  /** INSERT statements run so far (each its own transaction). */
  statements = 0;

  constructor(
    private readonly db: Database,
    options: EventWriterOptions = {},
  ) {
    this.maxRows = options.maxRows ?? 1_000;
    this.delayMs = options.delayMs ?? 5;
  }

  /** Stores the rows with others waiting; resolves once they are committed. */
  write(rows: NewAnalyticsEvent[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error("The event writer is closed."));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.waitingRows += rows.length;
      if (this.waitingRows >= this.maxRows) this.flushSoon(0);
      else this.flushSoon(this.delayMs);
    });
  }

  /** Stores whatever waits, then refuses new rows. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.waiting.length > 0 || this.flushing) {
      if (this.flushing) await this.flushing;
      else await this.flush();
    }
  }

  private flushSoon(delayMs: number) {
    // While an INSERT runs, the next one starts when it ends.
    if (this.flushing) return;
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  private flush(): Promise<void> {
    if (this.flushing || this.waiting.length === 0) return this.flushing ?? Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    // Whole requests only, so one request's events are stored together or not at all.
    const taken: Waiting[] = [];
    let rows = 0;
    while (
      this.waiting.length > 0 &&
      (rows === 0 || rows + this.waiting[0]!.rows.length <= this.maxRows)
    ) {
      const next = this.waiting.shift()!;
      taken.push(next);
      rows += next.rows.length;
    }
    this.waitingRows -= rows;
    this.flushing = this.insert(taken).finally(() => {
      this.flushing = undefined;
      if (this.waiting.length > 0) {
        if (this.closed || this.waitingRows >= this.maxRows) void this.flush();
        else this.flushSoon(0);
      }
    });
    return this.flushing;
  }

  private async insert(taken: Waiting[]): Promise<void> {
    this.statements += 1;
    try {
      await this.db.execute(insertStatement(taken.flatMap((entry) => entry.rows)));
      for (const entry of taken) entry.resolve();
    } catch (error) {
      for (const entry of taken) entry.reject(error);
    }
  }
}

/**
 * One INSERT of many rows with one parameter: the rows as a JSON array, which the
 * database unpacks (jsonb_to_recordset). Building a statement with a parameter per value
 * cost more than the database's work for a large group.
 */
function insertStatement(rows: NewAnalyticsEvent[]) {
  const json = JSON.stringify(
    rows.map((row) => ({
      name: row.name,
      path: row.path ?? null,
      properties: row.properties,
      created_at: (row.createdAt ?? new Date()).toISOString(),
      occurred_at: row.occurredAt ? row.occurredAt.toISOString() : null,
      visitor_id: row.visitorId ?? null,
      session_id: row.sessionId ?? null,
      referrer_host: row.referrerHost ?? null,
      device: row.device ?? null,
      browser: row.browser ?? null,
      os: row.os ?? null,
      country: row.country ?? null,
      is_bot: row.isBot ?? false,
      bot_confidence: row.botConfidence ?? 0,
      bot_type: row.botType ?? null,
    })),
  );
  return sql`
    insert into analytics_events (name, path, properties, created_at, occurred_at, visitor_id,
      session_id, referrer_host, device, browser, os, country, is_bot, bot_confidence, bot_type)
    select name, path, properties, created_at, occurred_at, visitor_id, session_id,
      referrer_host, device, browser, os, country, is_bot, bot_confidence, bot_type
    from jsonb_to_recordset(${json}::jsonb) as row(name text, path text, properties jsonb,
      created_at timestamptz, occurred_at timestamptz, visitor_id text, session_id text,
      referrer_host text, device text, browser text, os text, country text, is_bot boolean,
      bot_confidence real, bot_type text)`;
}

const writers = new WeakMap<Database, EventWriter>();

/** The process's writer for a database (made on first use). */
export function eventWriterFor(db: Database, options?: EventWriterOptions): EventWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new EventWriter(db, options);
    writers.set(db, writer);
  }
  return writer;
}

/** Stores what waits and forgets the writer; called when the process stops. */
export async function closeEventWriter(db: Database): Promise<void> {
  const writer = writers.get(db);
  if (!writer) return;
  writers.delete(db);
  await writer.close();
}
