import { eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages, webhookDeliveries } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import {
  interruptedAttempt,
  jobsWithoutRow,
  waitingJobs,
} from "~/modules/webhooks/test-support.server";
import { createOutbox } from "./outbox.server";
import type { RetryPolicy } from "./retry-policy";

// An outbox of its own over the mail table, on a queue no worker serves: every step of an
// attempt is taken by the test.
const outbox = createOutbox({
  table: mailMessages,
  queue: "outbox-test",
  jobKey: "messageId",
  waitingStatus: "queued",
  failedStatus: "failed",
});
const policy: RetryPolicy = {
  baseDelayMs: 5000,
  maxDelayMs: 5000,
  giveUpAfterMs: 60_000,
  jitter: 0,
};
const MINUTE = 60_000;

let database: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = new PgBoss({ db: { executeSql: database.executeSql }, schedule: false, supervise: false });
  await boss.start();
  await boss.createQueue(outbox.kind.queue);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: false });
  await database?.destroy();
});

const message = (subject: string) => ({
  kind: "test",
  to: ["someone@example.com"],
  subject,
  text: "body",
});

async function enqueueOne(subject: string): Promise<string> {
  const [id] = await database.transaction((tx) => outbox.enqueue(tx, boss, [message(subject)]));
  if (!id) throw new Error("not stored");
  return id;
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw new Error("no row");
  return row;
}

async function jobStartsOf(id: string): Promise<Date[]> {
  const { rows } = await database.executeSql(
    `select start_after from pgboss.job where name = $1 and data->>'messageId' = $2
      order by created_on`,
    [outbox.kind.queue, id],
  );
  return rows.map((row) => new Date(row.start_after as string));
}

describe("the outbox", () => {
  it("stores a row with its job in the caller's transaction, or neither", async () => {
    const id = await enqueueOne("stored");
    expect(await rowOf(id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await waitingJobs(database, outbox, id)).toBe(1);

    const before = await database.db.select().from(mailMessages);
    await expect(
      database.transaction(async (tx) => {
        await outbox.enqueue(tx, boss, [message("rolled back")]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await database.db.select().from(mailMessages)).toHaveLength(before.length);
    expect(await jobsWithoutRow(database, outbox)).toBe(0);
  });

  it("claims a due row once, and a row not yet due not at all", async () => {
    const id = await enqueueOne("claimed");
    const claimed = await outbox.claim(database.db, id);
    expect(claimed).toMatchObject({ id, status: "sending", attempts: 1 });
    expect(claimed?.lastAttemptAt).toBeInstanceOf(Date);
    expect(await outbox.claim(database.db, id)).toBeUndefined();

    const later = await enqueueOne("later");
    await database.db
      .update(mailMessages)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(mailMessages.id, later));
    expect(await outbox.claim(database.db, later)).toBeUndefined();
    expect((await rowOf(later)).attempts).toBe(0);
  });

  it("claims a batch's rows in one go, each sent once, a row not due or not named not at all", async () => {
    const [first, second, later] = [
      await enqueueOne("batch one"),
      await enqueueOne("batch two"),
      await enqueueOne("batch later"),
    ];
    await database.db
      .update(mailMessages)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(mailMessages.id, later));
    const job = (id: unknown) => ({ [outbox.kind.jobKey]: id });
    // A duplicate job, an early one and one naming no row come with the batch.
    const batch = [job(first), job(second), job(first), job(later), job("not-a-uuid"), null];

    const claimed = await outbox.claimBatch(database.db, batch);
    expect((await rowOf(first)).status).toBe("sending");
    expect((await rowOf(second)).status).toBe("sending");
    const sent: string[] = [];
    const outcomes = [];
    for (const data of batch) {
      outcomes.push(
        await claimed.attempt(data, async (row) => {
          sent.push(row.id);
          return "sent" as const;
        }),
      );
    }
    expect(outcomes).toEqual(["sent", "sent", "skipped", "skipped", "skipped", "skipped"]);
    expect(sent).toEqual([first, second]);
    expect(await rowOf(first)).toMatchObject({ status: "sending", attempts: 1 });
    expect(await rowOf(later)).toMatchObject({ status: "queued", attempts: 0 });
    // Claimed already: another batch naming them gets nothing.
    const again = await outbox.claimBatch(database.db, [job(first), job(second)]);
    expect(await again.attempt(job(first), async () => "sent")).toBe("skipped");
  });

  it("records an outcome only while the attempt is its own", async () => {
    const id = await enqueueOne("finished");
    await outbox.claim(database.db, id);
    expect(await outbox.finish(database.db, id, { status: "sent", sentAt: sql`now()` })).toBe(true);
    expect(await outbox.finish(database.db, id, { status: "failed" })).toBe(false);
    expect((await rowOf(id)).status).toBe("sent");
  });

  it("retries after the policy's delay, with a job due at the same time", async () => {
    const id = await enqueueOne("retried");
    const claimed = await outbox.claim(database.db, id);
    const started = Date.now();
    const outcome = await database.transaction((tx) =>
      outbox.retryOrGiveUp(tx, boss, policy, {
        id,
        attempts: claimed!.attempts,
        firstAttemptAt: new Date(),
        error: "connection refused",
      }),
    );
    expect(outcome.outcome).toBe("retry");
    const due = outcome.nextAttemptAt!.getTime();
    expect(due - started).toBeGreaterThanOrEqual(policy.baseDelayMs);
    expect(due - started).toBeLessThan(policy.baseDelayMs + MINUTE / 6);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "connection refused" });
    expect(row.nextAttemptAt.getTime()).toBe(due);
    expect((await jobStartsOf(id)).map((start) => start.getTime())).toContain(due);
    // Not due yet: the early job does nothing.
    expect(await outbox.claim(database.db, id)).toBeUndefined();
  });

  it("gives up once the first attempt is older than the policy allows", async () => {
    const id = await enqueueOne("given up");
    await outbox.claim(database.db, id);
    const outcome = await database.transaction((tx) =>
      outbox.retryOrGiveUp(
        tx,
        boss,
        policy,
        {
          id,
          attempts: 1,
          firstAttemptAt: new Date(Date.now() - policy.giveUpAfterMs),
          error: "HTTP 503",
        },
        { text: "masked" },
      ),
    );
    expect(outcome).toEqual({
      outcome: "failed",
      lastError: "gave up after 1 attempts: HTTP 503",
      nextAttemptAt: null,
    });
    expect(await rowOf(id)).toMatchObject({ status: "failed", text: "masked" });
    expect(await jobStartsOf(id)).toHaveLength(1);
  });

  it("sweeps rows stalled in sending and rows whose job was lost, and only those", async () => {
    const [stalled, lost, recent] = await database.db
      .insert(mailMessages)
      .values([
        { ...message("stalled"), ...interruptedAttempt() },
        { ...message("lost"), nextAttemptAt: sql`now() - interval '2 minutes'` },
        { ...message("recent"), status: "sending", attempts: 1, lastAttemptAt: sql`now()` },
      ])
      .returning();

    expect(await outbox.sweep(database, boss)).toEqual({ recovered: 1, requeued: 1 });
    expect(await rowOf(stalled!.id)).toMatchObject({
      status: "queued",
      lastError: "attempt 1 was interrupted",
    });
    expect(await waitingJobs(database, outbox, stalled!.id)).toBe(1);
    expect(await waitingJobs(database, outbox, lost!.id)).toBe(1);
    expect((await rowOf(recent!.id)).status).toBe("sending");
    // Made due again now: the next sweep leaves them to their new jobs.
    expect(await outbox.sweep(database, boss)).toEqual({ recovered: 0, requeued: 0 });
  });

  it("waits in the status its table starts a row in", () => {
    const { kind } = createOutbox({ table: webhookDeliveries, queue: "unused", jobKey: "id" });
    expect(kind.waitingStatus).toBe("pending");
    expect(kind.failedStatus).toBe("failed");
  });

  it("reads a row's id only from a job that names one", () => {
    const id = "0b5f3c1e-6a55-4c2b-9d8e-3f1a2b3c4d5e";
    expect(outbox.idOfJob({ messageId: id })).toBe(id);
    expect(outbox.idOfJob({ messageId: "1; drop table" })).toBeUndefined();
    expect(outbox.idOfJob({ deliveryId: id })).toBeUndefined();
    expect(outbox.idOfJob(null)).toBeUndefined();
  });
});
