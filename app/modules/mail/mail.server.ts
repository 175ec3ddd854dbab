import { desc, eq, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type PgBoss from "pg-boss";
import type { Database, Transaction } from "~/db/client.server";
import { companySettings, mailMessages, type MailMessage } from "~/db/schema";
import {
  clipError,
  createOutbox,
  logAttempt,
  type AttemptOutcome,
  type OutboxContext,
} from "~/modules/outbox/outbox.server";
import { maskSecretLinks } from "./secret-links";

/** The pg-boss queue of outgoing mail: one job per attempt of one message. */
export const MAIL_QUEUE = "mail-send";

/** Mail as a kind of outbox: a message is queued, sending, then sent, kept or failed. */
export const mailOutbox = createOutbox({
  table: mailMessages,
  queue: MAIL_QUEUE,
  jobKey: "messageId",
});

export interface OutgoingMail {
  /** What it is about, e.g. "lead.notification". */
  kind: string;
  to: string[];
  subject: string;
  text: string;
}

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
  const [id] = await enqueueMails(tx, boss, [message]);
  return id;
}

/**
 * `enqueueMail` for several messages in one statement each for the rows and their jobs.
 * Returns the ids stored, one per message that has a recipient, in order.
 */
export async function enqueueMails(
  tx: Transaction,
  boss: PgBoss,
  messages: OutgoingMail[],
): Promise<string[]> {
  const rows = messages.flatMap((message) => {
    const to = [...new Set(message.to.map((address) => address.trim()).filter(Boolean))];
    if (to.length === 0) return [];
    return [{ kind: message.kind, to, subject: message.subject, text: message.text }];
  });
  const ids = await mailOutbox.enqueue(tx, boss, rows);
  if (ids.length !== rows.length) throw new Error("The mail message was not stored");
  return ids;
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

export interface MailContext extends OutboxContext {
  /** Undefined without SMTP_URL: messages are then kept in the database, not sent. */
  transport: Transporter | undefined;
  publicUrl: URL;
}

/** One attempt of one message its mail-send job has claimed. */
export async function sendClaimedMail(
  context: MailContext,
  message: MailMessage,
): Promise<AttemptOutcome<"sent" | "kept">> {
  const { database, logger } = context;
  const logFields = { mailId: message.id, kind: message.kind, attempt: message.attempts };
  // Once a message is done with, its links are no use to anyone reading the mail log.
  const masked = { text: maskSecretLinks(message.text) };

  if (!context.transport) {
    await mailOutbox.finish(database.db, message.id, {
      status: "kept",
      lastError: null,
      ...masked,
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
    error = clipError(failure instanceof Error ? failure.message : String(failure));
    errorCode = (failure as { code?: string }).code;
  }
  const ms = Math.round(performance.now() - started);

  if (error === null) {
    await mailOutbox.finish(database.db, message.id, {
      status: "sent",
      sentAt: sql`now()`,
      lastError: null,
      ...masked,
    });
    logger.info({ ...logFields, outcome: "sent", ms }, "mail attempt");
    return "sent";
  }
  const attempt = {
    id: message.id,
    attempts: message.attempts,
    firstAttemptAt: message.createdAt,
    error,
  };
  const { outcome, nextAttemptAt } = await database.transaction((tx) =>
    mailOutbox.retryOrGiveUp(tx, context.boss, context.retryPolicy, attempt, masked),
  );
  // The error text may name a recipient, so the log gets only its code.
  const fields = { ...logFields, outcome, code: errorCode, ms };
  logAttempt(logger, { ...fields, nextAttemptAt: nextAttemptAt?.toISOString() }, "mail attempt");
  return outcome;
}

/** "<company name> <no-reply@host of PUBLIC_URL>". */
async function senderAddress(
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
