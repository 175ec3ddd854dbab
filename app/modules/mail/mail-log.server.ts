import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "~/modules/platform/zod";
import type { Database } from "~/db/client.server";
import { mailMessages, type MailMessage, type MailStatus } from "~/db/schema";
import { maskSecretLinks } from "./secret-links";
import { isUuid } from "~/modules/platform/patterns";

/** The mail log's pages: newest first, by (time, id), so no message is skipped or repeated. */

export const MAIL_STATUSES: readonly MailStatus[] = ["queued", "sending", "sent", "kept", "failed"];
export const MAIL_PAGE_SIZE = 50;

const isMailStatus = (value: unknown): value is MailStatus =>
  typeof value === "string" && (MAIL_STATUSES as readonly string[]).includes(value);

/** A page cursor: the id of the last message shown (ids are uuids). */
export const decodeMailCursor = (value: string | null): string | undefined =>
  isUuid(value) ? value : undefined;

export type MailSummary = Omit<MailMessage, "text">;

/** One page of the log (without the bodies) and the cursor of the next, if any. */
export async function mailLogPage(
  db: Database,
  options: { before?: string; status?: MailStatus; limit?: number } = {},
): Promise<{ messages: MailSummary[]; next: string | null }> {
  const limit = options.limit ?? MAIL_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(mailMessages.status, options.status));
  if (options.before) {
    // Compared in the database, at its own (microsecond) precision: several messages
    // stored in one transaction share their time, and a JavaScript date would round it.
    conditions.push(
      sql`(${mailMessages.createdAt}, ${mailMessages.id}) < (select m.created_at, m.id from ${mailMessages} m where m.id = ${options.before})`,
    );
  }
  const rows = await db
    .select({
      id: mailMessages.id,
      kind: mailMessages.kind,
      to: mailMessages.to,
      subject: mailMessages.subject,
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      nextAttemptAt: mailMessages.nextAttemptAt,
      lastAttemptAt: mailMessages.lastAttemptAt,
      lastError: mailMessages.lastError,
      sentAt: mailMessages.sentAt,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit + 1);
  const messages = rows.slice(0, limit);
  const last = messages.at(-1);
  return { messages, next: rows.length > limit && last ? last.id : null };
}

export async function mailMessage(db: Database, id: string): Promise<MailMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  // Even a message still queued shows no usable password link.
  return message && { ...message, text: maskSecretLinks(message.text) };
}

/**
 * The mail log's address: ?status=, ?before= (the page after that message) and
 * ?message= (the one shown open). Anything unreadable counts as not given.
 */
const mailFilterSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (isMailStatus(value) ? value : undefined)),
  before: z
    .string()
    .optional()
    .transform((value) => decodeMailCursor(value ?? null)),
  message: z
    .string()
    .optional()
    .transform((value) => (isUuid(value) ? value : undefined)),
});
export type MailFilter = z.output<typeof mailFilterSchema>;

export const readMailFilter = (params: URLSearchParams): MailFilter =>
  mailFilterSchema.parse(Object.fromEntries(params));
