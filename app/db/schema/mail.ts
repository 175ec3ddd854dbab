import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instant, instantNow, randomUuidId } from "./columns";

export type MailStatus = "queued" | "sending" | "sent" | "kept" | "failed";

/**
 * Every e-mail the product sends. Without SMTP_URL a message is kept here (status kept)
 * for the admin area instead of being sent.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: randomUuidId(),
    /** What it is about, e.g. "lead.notification". */
    kind: text().notNull(),
    to: jsonb().$type<string[]>().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    status: text().$type<MailStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: instantNow(),
    lastAttemptAt: instant(),
    lastError: text(),
    sentAt: instant(),
    createdAt: instantNow(),
  },
  (table) => [
    index("mail_messages_created_at_idx").on(table.createdAt),
    index("mail_messages_due_idx").on(table.status, table.nextAttemptAt),
  ],
);

export type MailMessage = typeof mailMessages.$inferSelect;
