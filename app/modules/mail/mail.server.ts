import { and, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle, Transaction } from "~/db/client.server";
import { companySettings, mailMessages, type MailMessage } from "~/db/schema";
import { nextRetryDelayMs, shouldGiveUp, type RetryPolicy } from "~/modules/jobs/retry-policy";
import type { Logger } from "~/modules/platform/logger.server";
import { maskSecretLinks } from "./secret-links";

/** The pg-boss queue of outgoing mail: one job per attempt of one message. */
export const MAIL_QUEUE = "mail-send";

/** A message still `sending` this long after its attempt began lost its worker. */
export const STALLED_SENDING_MS = 2 * 60_000;
/** A message due this long ago without being picked up lost its job. */
export const LOST_JOB_MS = 60_000;
const SWEEP_BATCH = 500;
const MAX_ERROR_LENGTH = 500;

export interface MailJob {
  messageId: string;
}

export interface OutgoingMail {
  /** What it is about, e.g. "lead.notification". */
  kind: string;
  to: string[];
  subject: string;
  text: string;
}

const inTransaction = (tx: Pick<Transaction, "executeSql">) => ({
  db: { executeSql: tx.executeSql },
});

/**
 * Stores a message and queues its sending inside the caller's transaction, so the mail is
 * committed (or rolled back) with what it is about. Returns its id; with no recipient,
 * nothing is stored and the answer is undefined.
 */
export async function enqueueMail(
  tx: Transaction,
  boss: PgBoss,
  message: OutgoingMail,
): Promise<string | undefined> {
  const to = [...new Set(message.to.map((address) => address.trim()).filter(Boolean))];
  if (to.length === 0) return undefined;
  const [row] = await tx.db
    .insert(mailMessages)
    .values({ kind: message.kind, to, subject: message.subject, text: message.text })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error("The mail message was not stored");
  await boss.send(MAIL_QUEUE, { messageId: row.id } satisfies MailJob, inTransaction(tx));
  return row.id;
}

/** An SMTP transport from SMTP_URL, with timeouts short enough for a job. */
export function createMailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

export interface MailContext {
  database: DatabaseHandle;
  boss: PgBoss;
  logger: Logger;
  retryPolicy: RetryPolicy;
  /** Undefined without SMTP_URL: messages are then kept in the database, not sent. */
  transport: Transporter | undefined;
  publicUrl: URL;
}

export type MailOutcome = "skipped" | "sent" | "kept" | "retry" | "failed";

/**
 * One attempt of one message (the mail-send job). The message is claimed first, so a
 * duplicate or early job, or one for a message already handled, does nothing.
 */
export async function sendQueuedMail(
  context: MailContext,
  messageId: string,
): Promise<MailOutcome> {
  const { database, logger } = context;
  const [message] = await database.db
    .update(mailMessages)
    .set({
      status: "sending",
      attempts: sql`${mailMessages.attempts} + 1`,
      lastAttemptAt: sql`now()`,
    })
    .where(
      and(
        eq(mailMessages.id, messageId),
        eq(mailMessages.status, "queued"),
        lte(mailMessages.nextAttemptAt, sql`now()`),
      ),
    )
    .returning();
  if (!message) return "skipped";
  const logFields = { mailId: messageId, kind: message.kind, attempt: message.attempts };

  if (!context.transport) {
    await finish(database.db, messageId, {
      status: "kept",
      lastError: null,
      text: maskSecretLinks(message.text),
    });
    logger.info({ ...logFields, outcome: "kept" }, "mail kept (no SMTP_URL)");
    return "kept";
  }

  const started = performance.now();
  let error: string | null = null;
  let errorCode: string | undefined;
  try {
    const from = await senderAddress(database.db, context.publicUrl);
    await context.transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      // Stable across attempts, so a receiver can drop a copy sent twice.
      messageId: `<${message.id}@${mailDomain(context.publicUrl)}>`,
    });
  } catch (failure) {
    error = clip(failure instanceof Error ? failure.message : String(failure));
    errorCode = (failure as { code?: string }).code;
  }
  const ms = Math.round(performance.now() - started);

  if (error === null) {
    await finish(database.db, messageId, {
      status: "sent",
      sentAt: sql`now()`,
      lastError: null,
      text: maskSecretLinks(message.text),
    });
    logger.info({ ...logFields, outcome: "sent", ms }, "mail attempt");
    return "sent";
  }
  // The error text may name a recipient, so the log gets only its code.
  if (shouldGiveUp(context.retryPolicy, message.createdAt)) {
    await finish(database.db, messageId, {
      status: "failed",
      lastError: clip(`gave up after ${message.attempts} attempts: ${error}`),
      text: maskSecretLinks(message.text),
    });
    logger.warn({ ...logFields, outcome: "failed", code: errorCode, ms }, "mail attempt");
    return "failed";
  }
  const due = new Date(Date.now() + nextRetryDelayMs(context.retryPolicy, message.attempts));
  await database.transaction(async (tx) => {
    const updated = await finish(tx.db, messageId, {
      status: "queued",
      nextAttemptAt: due,
      lastError: error,
    });
    if (updated) {
      await context.boss.send(MAIL_QUEUE, { messageId } satisfies MailJob, {
        startAfter: due,
        ...inTransaction(tx),
      });
    }
  });
  logger.info(
    { ...logFields, outcome: "retry", code: errorCode, ms, nextAttemptAt: due.toISOString() },
    "mail attempt",
  );
  return "retry";
}

type MailUpdate = PgUpdateSetSource<typeof mailMessages>;

/** Records the outcome of the claimed attempt; false if the message is no longer ours. */
async function finish(db: Database, messageId: string, values: MailUpdate): Promise<boolean> {
  const rows = await db
    .update(mailMessages)
    .set(values)
    .where(and(eq(mailMessages.id, messageId), eq(mailMessages.status, "sending")))
    .returning({ id: mailMessages.id });
  return rows.length > 0;
}

/** "<company name> <no-reply@host of PUBLIC_URL>". */
export async function senderAddress(
  db: Database,
  publicUrl: URL,
): Promise<{ name: string; address: string }> {
  const [company] = await db
    .select({ name: companySettings.name })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  const domain = mailDomain(publicUrl);
  return { name: company?.name || domain, address: `no-reply@${domain}` };
}

/** The host of PUBLIC_URL, or localhost when it is an IP address (not a mail domain). */
export function mailDomain(publicUrl: URL): string {
  const host = publicUrl.hostname;
  const isIp = host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
  return isIp || !host ? "localhost" : host;
}

const clip = (text: string) =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;

export interface MailSweepResult {
  /** Put back to queued after their attempt was interrupted (process died mid-attempt). */
  recovered: number;
  /** Overdue without having been picked up (their job was lost): queued again. */
  requeued: number;
}

/** The safety net behind the job queue, like the deliveries' sweep. */
export async function sweepMail(
  database: Pick<DatabaseHandle, "transaction">,
  boss: PgBoss,
): Promise<MailSweepResult> {
  return database.transaction(async (tx) => {
    const stalled = tx.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.status, "sending"),
          lt(
            mailMessages.lastAttemptAt,
            sql`now() - make_interval(secs => ${STALLED_SENDING_MS / 1000})`,
          ),
        ),
      )
      .limit(SWEEP_BATCH);
    const recovered = await tx.db
      .update(mailMessages)
      .set({
        status: "queued",
        nextAttemptAt: sql`now()`,
        lastError: sql`'attempt ' || ${mailMessages.attempts} || ' was interrupted'`,
      })
      .where(inArray(mailMessages.id, stalled))
      .returning({ id: mailMessages.id });
    const overdue = tx.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.status, "queued"),
          lt(mailMessages.nextAttemptAt, sql`now() - make_interval(secs => ${LOST_JOB_MS / 1000})`),
        ),
      )
      .limit(SWEEP_BATCH);
    const requeued = await tx.db
      .update(mailMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(mailMessages.id, overdue))
      .returning({ id: mailMessages.id });
    const ids = [...recovered, ...requeued].map((row) => row.id);
    if (ids.length > 0) {
      await boss.insert(
        ids.map((messageId) => ({ name: MAIL_QUEUE, data: { messageId } satisfies MailJob })),
        inTransaction(tx),
      );
    }
    return { recovered: recovered.length, requeued: requeued.length };
  });
}

/** The mail log, newest first; `before` pages back from the last message shown. */
export async function listMail(
  db: Database,
  options: { limit?: number; before?: Date } = {},
): Promise<MailMessage[]> {
  const limit = Math.min(Math.max(Math.floor(options.limit ?? 50), 1), 200);
  return db
    .select()
    .from(mailMessages)
    .where(options.before ? lt(mailMessages.createdAt, options.before) : undefined)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}
